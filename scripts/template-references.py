#!/usr/bin/env python3
"""Reference renders of Hugging Face chat templates, as transformers' apply_chat_template makes them.

transformers is not needed: this builds the same Jinja environment with jinja2 alone (jinja2 >= 3.1):
an ImmutableSandboxedEnvironment with trim_blocks and lstrip_blocks, the loopcontrols extension and a
`{% generation %}` tag, transformers' `tojson` filter (json.dumps, non-ASCII kept), and the globals
`raise_exception` and `strftime_now`. strftime_now reads a fixed time so that renders are reproducible.

Every *.jinja file of a folder (tests/fixtures/templates/sources by default) is rendered against each
conversation of tests/fixtures/templates/conversations.json, and one JSON file per template is written
to the output folder (tests/fixtures/templates/renders by default): per conversation the text, or that
the template raised, with the exception's type and message.

With the fixtures' sources it also renders the small templates of tests/fixtures/templates/snippets.json
(each pins down one piece of jinja2's behaviour) into snippet-renders.json beside it.

With --manifest, only the templates the manifest names are rendered, each with its own special tokens
and variables (the conversation's variables win over the template's); the record keeps both. This is
how scripts/vendored-references.ts renders the app's vendored templates.

    python3 scripts/template-references.py [FOLDER] [--out DIR] [--conversations FILE] [--snippets FILE]
                                           [--manifest FILE]
"""

import argparse
import hashlib
import json
import sys
from datetime import datetime
from pathlib import Path

import jinja2
import jinja2.ext
import jinja2.nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "templates"


class GenerationTag(jinja2.ext.Extension):
    """`{% generation %}...{% endgeneration %}` renders its body unchanged (transformers uses it to
    mark the assistant's tokens; the text is the same)."""

    tags = {"generation"}

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(("name:endgeneration",), drop_needle=True)
        return jinja2.nodes.CallBlock(self.call_method("_render_body"), [], [], body).set_lineno(lineno)

    def _render_body(self, caller):
        return caller()


def make_environment(now):
    def raise_exception(message):
        raise jinja2.exceptions.TemplateError(message)

    def tojson(value, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    def strftime_now(format):
        return now.strftime(format)

    env = ImmutableSandboxedEnvironment(
        trim_blocks=True, lstrip_blocks=True, extensions=[GenerationTag, jinja2.ext.loopcontrols]
    )
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    return env


def render(env, source, conversation, special_tokens, template_variables=None):
    """What apply_chat_template(messages, tools=..., add_generation_prompt=..., **variables) renders:
    the special tokens map first, the caller's variables over it; `documents` is its own argument."""
    variables = {**(template_variables or {}), **conversation.get("variables", {})}
    documents = variables.pop("documents", None)
    kwargs = {**special_tokens, **variables}
    template = env.from_string(source)
    return template.render(
        messages=conversation["messages"],
        tools=conversation.get("tools"),
        documents=documents,
        add_generation_prompt=conversation.get("add_generation_prompt", False),
        **kwargs,
    )


def outcome(make_text):
    try:
        return {"text": make_text()}
    except Exception as error:  # the reference records whatever the template raised
        raised = {"type": type(error).__name__, "message": str(error)}
        if isinstance(error, jinja2.exceptions.TemplateSyntaxError):
            raised["message"] = error.message
            raised["line"] = error.lineno
        return {"raised": raised}


def render_snippets(env, path):
    spec = json.loads(path.read_text(encoding="utf-8"))
    results = {}
    for snippet in spec["snippets"]:
        variables = {**spec["vars"], **snippet.get("vars", {})}
        results[snippet["name"]] = outcome(lambda: env.from_string(snippet["template"]).render(**variables))
    target = path.with_name("snippet-renders.json")
    record = {"jinja2": jinja2.__version__, "results": results}
    target.write_text(json.dumps(record, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"{path.name}: {len(results)} snippets")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default=str(FIXTURES / "sources"))
    parser.add_argument("--out", default=None, help="output folder (default: renders/ beside the conversations)")
    parser.add_argument("--conversations", default=str(FIXTURES / "conversations.json"))
    parser.add_argument(
        "--manifest",
        default=None,
        help='JSON list of {"file", "special_tokens", "variables"}: render only these, with their own inputs',
    )
    parser.add_argument(
        "--snippets",
        default=None,
        help="snippets file (default: fixtures' snippets.json when rendering the fixtures' sources)",
    )
    args = parser.parse_args()

    spec = json.loads(Path(args.conversations).read_text(encoding="utf-8"))
    now = datetime.fromisoformat(spec["now"])
    special_tokens = spec["special_tokens"]
    env = make_environment(now)
    out = Path(args.out) if args.out else Path(args.conversations).parent / "renders"
    out.mkdir(parents=True, exist_ok=True)

    if args.manifest:
        entries = json.loads(Path(args.manifest).read_text(encoding="utf-8"))
        jobs = [(Path(args.folder) / e["file"], e["special_tokens"], e.get("variables", {}), True) for e in entries]
    else:
        jobs = [(path, special_tokens, {}, False) for path in sorted(Path(args.folder).glob("*.jinja"))]
    if not jobs:
        sys.exit(f"no *.jinja file in {args.folder}")
    for path, tokens, variables, own_inputs in jobs:
        raw = path.read_bytes()
        source = raw.decode("utf-8")
        cases = {c["name"]: outcome(lambda: render(env, source, c, tokens, variables)) for c in spec["conversations"]}
        record = {"template": path.name, "sha256": hashlib.sha256(raw).hexdigest(), "jinja2": jinja2.__version__}
        if own_inputs:
            record.update(special_tokens=tokens, variables=variables)
        record["cases"] = cases
        target = out / (path.stem + ".json")
        target.write_text(json.dumps(record, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        raised = sum(1 for c in cases.values() if "raised" in c)
        print(f"{path.name}: {len(cases) - raised} rendered, {raised} raised")
    snippets = args.snippets
    if snippets is None and not args.manifest and Path(args.folder).resolve() == (FIXTURES / "sources").resolve():
        snippets = FIXTURES / "snippets.json"
    if snippets is not None:
        render_snippets(env, Path(snippets))


if __name__ == "__main__":
    main()
