// A filter dropdown's choices are sent as HTML text: byte for byte what ChoiceOption renders.
import { createElement, Fragment } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ChoiceOption, choiceOptionsHtml } from './products-filter-bar'

const CHOICES = [
  { key: 'l1', name: 'Womenswear' },
  { key: 'l2', name: 'Café Señora <b>"Robe" & \'Jupe\'</b>' },
  { key: 'l3', name: 'Πλισέ φούστα 日本' },
]

describe("a filter dropdown's choices as HTML text", () => {
  for (const selected of [[], ['l2'], ['l1', 'l3']]) {
    it(`are what ChoiceOption renders, with ${selected.length} chosen`, () => {
      const reference = renderToString(
        createElement(
          Fragment,
          null,
          CHOICES.map((choice) =>
            createElement(ChoiceOption, {
              key: choice.key,
              name: 'lines',
              choice,
              checked: selected.includes(choice.key),
            }),
          ),
        ),
      )
      expect(choiceOptionsHtml('lines', CHOICES, selected)).toBe(reference)
    })
  }

  it('has no choices when there are none', () => {
    expect(choiceOptionsHtml('styles', [], [])).toBe('')
  })
})
