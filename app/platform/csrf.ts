import { useRouteLoaderData } from '@remix-run/react'

/** The CSRF token the root loader placed in the page; every form posts it back. */
export function useCsrfToken(): string {
  return useRouteLoaderData<{ csrf: string }>('root')?.csrf ?? ''
}
