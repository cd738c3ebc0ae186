// The address the spec's messages send people to when something needs a person (import and photo
// upload failures; the listing page). One address for the whole portal.
export const CLIENT_SERVICES_EMAIL = 'clientservices@brandportal.example'
