// `/settings/profile/picture`: its page lives in app/features/identity/pages/settings-profile-picture.tsx.
export { loader, action } from '#app/features/identity/pages/settings-profile-picture.server'
export { default } from '#app/features/identity/pages/settings-profile-picture'
