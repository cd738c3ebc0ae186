// The demo's accounts: who they are, their job types, grants and Firebase users.
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey } from './demo-keys'

export { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey }

export interface DemoAccount {
  id: string
  email: string
  first: string
  last: string
  role: 'admin' | 'user'
  jobType: string
  status: string
  brand: string
  grant: 'owner' | 'editor' | 'read'
  preferredBrand: string | null
  description: string
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    id: 'admin',
    email: 'admin@demo.test',
    first: 'Ada',
    last: 'Admin',
    role: 'admin',
    jobType: 'admin',
    status: 'onboarded',
    brand: DEMO_BRAND_KEY,
    grant: 'owner',
    preferredBrand: DEMO_BRAND_KEY,
    description: 'account role admin, job type admin, owner of Demo Brand',
  },
  {
    id: 'editor',
    email: 'editor@demo.test',
    first: 'Dana',
    last: 'Designer',
    role: 'user',
    jobType: 'designer',
    status: 'onboarded',
    brand: DEMO_BRAND_KEY,
    grant: 'editor',
    preferredBrand: DEMO_BRAND_KEY,
    description: 'job type designer, editor grant on Demo Brand',
  },
  {
    id: 'vsm',
    email: 'vsm@demo.test',
    first: 'Victor',
    last: 'Sample',
    role: 'user',
    jobType: 'vsm',
    status: 'onboarded',
    brand: DEMO_BRAND_KEY,
    grant: 'editor',
    preferredBrand: null,
    description: 'job type vsm, editor grant on Demo Brand',
  },
  {
    id: 'viewer',
    email: 'viewer@demo.test',
    first: 'Mia',
    last: 'Marketing',
    role: 'user',
    jobType: 'marketing',
    status: 'onboarding-personal',
    brand: DEMO_BRAND_KEY,
    grant: 'read',
    preferredBrand: DEMO_BRAND_KEY,
    description: 'job type marketing, read grant on Demo Brand',
  },
  {
    id: 'outsider',
    email: 'outsider@demo.test',
    first: 'Otto',
    last: 'Outsider',
    role: 'admin',
    jobType: 'admin',
    status: 'onboarded',
    brand: OTHER_BRAND_KEY,
    grant: 'owner',
    preferredBrand: OTHER_BRAND_KEY,
    description: 'job type admin, owner of Other Brand only',
  },
]

export const demoFirebaseUid = (id: string) => `demo-${id}`
