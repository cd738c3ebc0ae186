// `/settings/security/unenroll/{factor}`: its page lives in app/features/identity/pages/settings-security-unenroll.tsx.
export { loader, action } from '#app/features/identity/pages/settings-security-unenroll.server'
export { default } from '#app/features/identity/pages/settings-security-unenroll'
