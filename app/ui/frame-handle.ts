// What a page under the frame tells the frame through its route `handle`: title, back link,
// width and the onboarding step it belongs to.
export interface FrameHandle {
  /** Page title in the header; may use the route's loader data. */
  title?: string | ((data: unknown) => string)
  /** Where the back button goes without JavaScript history. */
  back?: string | ((data: unknown, params: Record<string, string | undefined>) => string)
  /** Brand home is full width with no padding. */
  fullWidth?: boolean
  /**
   * The page shows the settings tabs (Company Profile, Branding, Manage Team…): the frame leaves out
   * the brand's dashboard row, so the page has one row of tabs, not two.
   */
  settingsTabs?: boolean
  /**
   * An onboarding step page: the id of its form open for editing, if any. The stepper's Continue
   * submits that form, so the step is saved before moving on (docs/decisions/039).
   */
  stepForm?: (search: URLSearchParams) => string | null
}
