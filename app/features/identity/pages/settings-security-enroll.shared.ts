// What settings-security-enroll.tsx and its server side both use.

export const BACK = '/settings/security'
