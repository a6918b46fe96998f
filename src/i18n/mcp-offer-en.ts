/** The prompts, resources and templates of MCP servers in Discovery, in English (the `mcpOffer` part of en.ts). */
export default {
  tabs: {
    tools: 'Tools ({n})',
    prompts: 'Prompts ({n})',
    resources: 'Resources ({n})',
    templates: 'Templates ({n})',
  },
  listAgain: 'List again',
  invisible:
    '1 invisible character (a tag character, a direction override or a zero-width character) was removed from what is shown and inserted into the chat. | {n} invisible characters (tag characters, direction overrides, zero-width characters) were removed from what is shown and inserted into the chat.',
  listing: 'Listing what the server offers…',
  notConnected: 'The server is not connected: connect it in MCP servers to use its prompts and resources.',
  problems: 'Some lists are incomplete:',
  none: {
    prompts: 'This server offers no prompts.',
    resources: 'This server lists no resources.',
    templates: 'This server offers no resource templates.',
  },
  prompt: {
    noArguments: 'This prompt takes no arguments.',
    required: 'required',
    fillRequired: 'Fill in the required arguments to get the prompt.',
    get: 'Get',
    messages: 'Messages',
    role: { user: 'user', assistant: 'assistant' },
    embedded: 'Embedded resource',
    link: 'Resource link',
    other: '{type} content',
  },
  resource: {
    read: 'Read',
    readAgain: 'Read again',
    subscribe: 'Subscribe',
    unsubscribe: 'Unsubscribe',
    subscribeHint: 'The server tells the workbench when this resource changes; it is then read again.',
    updatedAt: 'updated at {time}',
    download: 'Download',
    bytes: '{type}, {size} bytes',
    noContents: 'The server answered no contents.',
  },
  template: {
    uri: 'URI',
    fillAll: 'Fill in every variable to make the URI.',
    unreadable: 'This template cannot be read, so it cannot be filled here.',
  },
  insert: 'Insert into chat',
}
