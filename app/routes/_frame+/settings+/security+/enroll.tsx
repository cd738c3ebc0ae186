// `/settings/security/enroll?step=…`: its page lives in app/features/identity/pages/settings-security-enroll.tsx.
export { loader, action } from '#app/features/identity/pages/settings-security-enroll.server'
export { default } from '#app/features/identity/pages/settings-security-enroll'
