// `/brand/{id}/products/share?line={key}`: its page lives in app/features/teams/pages/line-share.tsx.
export { loader, action } from '#app/features/teams/pages/line-share.server'
export { meta, handle, default } from '#app/features/teams/pages/line-share'
