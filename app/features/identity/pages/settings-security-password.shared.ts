// What settings-security-password.tsx and its server side both use.

export const CLOSE_TO = '/settings/security'
