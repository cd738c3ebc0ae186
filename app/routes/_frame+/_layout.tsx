// The signed-in frame around every page: its page lives in app/features/frame/pages/frame.tsx.
export { loader } from '#app/features/frame/pages/frame.server'
export { default, shouldRevalidate } from '#app/features/frame/pages/frame'
