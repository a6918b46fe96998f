/**
 * Text with the search terms marked. A functional component (no instance, no state of its own):
 * Discovery draws dozens of them on every keystroke.
 */
import { h, type FunctionalComponent } from 'vue'
import { highlight } from '../../stores/discovery'
import './highlighted-text.css'

const HighlightedText: FunctionalComponent<{ text: string; terms: readonly string[] }> = (props) =>
  h(
    'span',
    highlight(props.text, props.terms).map((piece) =>
      piece.match ? h('mark', { class: 'hl' }, piece.text) : piece.text,
    ),
  )
HighlightedText.props = ['text', 'terms']

export default HighlightedText
