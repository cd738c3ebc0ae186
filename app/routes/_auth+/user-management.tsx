// `/user-management?mode=&oobCode=`: its page lives in app/features/identity/pages/user-management.tsx.
export { loader } from '#app/features/identity/pages/user-management.server'
export { meta, default } from '#app/features/identity/pages/user-management'
