// `/brand/{id}/style/{style}/{step}`: its page lives in app/features/atelier/pages/wizard-step.tsx.
export { loader, action } from '#app/features/atelier/pages/wizard-step.server'
export { default } from '#app/features/atelier/pages/wizard-step'
