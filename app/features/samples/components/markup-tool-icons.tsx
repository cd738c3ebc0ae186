// Small line icons of the markup toolbar, so its tools, colours and history fit one row.
import type { SVGProps } from 'react'
import type { MarkupTool } from './markup-canvas-props'

const base: SVGProps<SVGSVGElement> = {
  viewBox: '0 0 20 20',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  width: 18,
  height: 18,
}

const PATHS: Record<MarkupTool | 'undo' | 'redo', JSX.Element> = {
  select: <path d="M5 3l10 6-4.5 1.2L8.3 15z" />,
  pen: <path d="M3 17l1-4L13.5 3.5a2 2 0 012.8 2.8L6.8 15.8zM12 5l3 3" />,
  arrow: <path d="M4 16L16 4M8 4h8v8" />,
  rect: <rect x="3.5" y="5" width="13" height="10" rx="1" />,
  ellipse: <ellipse cx="10" cy="10" rx="7" ry="5" />,
  text: <path d="M4 5V4h12v1M10 4v12M7.5 16h5" />,
  pin: (
    <>
      <path d="M10 18s5.5-5.2 5.5-9.5a5.5 5.5 0 00-11 0C4.5 12.8 10 18 10 18z" />
      <circle cx="10" cy="8.5" r="1.8" />
    </>
  ),
  undo: <path d="M7 5L3.5 8.5 7 12M4 8.5h8a4.5 4.5 0 010 9h-2" />,
  redo: <path d="M13 5l3.5 3.5L13 12M16 8.5H8a4.5 4.5 0 000 9h2" />,
}

export function MarkupIcon({ name }: { name: keyof typeof PATHS }) {
  return <svg {...base}>{PATHS[name]}</svg>
}
