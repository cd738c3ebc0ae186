// The keys of the demo's brands and accounts, stable across seedings, for the seed modules and tests.
import { demoKey } from '#app/platform/ids'

export const DEMO_BRAND_KEY = demoKey('brand:demo')
export const OTHER_BRAND_KEY = demoKey('brand:other')
export const demoAccountKey = (id: string) => demoKey(`account:${id}`)
