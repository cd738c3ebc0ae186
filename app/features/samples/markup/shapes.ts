// Markup drawn on a sample image in virtual sample review: pure, unit-tested without a canvas.
// Split along its sections; this file is what callers import.
export * from './shape-types'
export * from './shape-parse'
export * from './shape-geometry'
export * from './shape-svg'
export * from './typed-text'
