// What settings-security-unenroll.tsx and its server side both use.

export const BACK = '/settings/security'
