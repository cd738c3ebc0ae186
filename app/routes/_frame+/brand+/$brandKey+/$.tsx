// `/brand/{key}/…` (any other address): its page lives in app/features/frame/pages/coming-soon.tsx.
export { loader } from '#app/features/frame/pages/coming-soon.server'
export { handle, default } from '#app/features/frame/pages/coming-soon'
