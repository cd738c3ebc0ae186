// `/brand/{id}/style/{style}/{step}/{view_type}/{view_step}`: its page lives in app/features/atelier/pages/wizard-view-step.tsx.
export { loader } from '#app/features/atelier/pages/wizard-view-step.server'
export { default } from '#app/features/atelier/pages/wizard-view-step'
