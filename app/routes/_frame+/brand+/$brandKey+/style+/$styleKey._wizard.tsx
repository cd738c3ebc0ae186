// The wizard's layout: its steps render in the outlet.
import { Outlet } from '@remix-run/react'

export default function StyleWizard() {
  return <Outlet />
}
