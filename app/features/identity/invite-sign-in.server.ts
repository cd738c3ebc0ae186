// The invite token on the login screen (`/?token=`, access.md §4 "Sign-in screen states"): a
// signed-in user accepts at once; a visitor with an account signs in (state "invited") and
// accepts right after; a visitor without one goes to the sign-up landing at /invite.
import { redirect, type AppLoadContext } from '@remix-run/node'
import { isAppError } from '#app/platform/errors'
import { redirectWithToast } from '#app/platform/session.server'
import type { Toast } from '#app/platform/toast'
import { landingPath } from '#app/platform/access/permissions'
import { acceptInvite, INVITE_MESSAGES, parseInvite } from '#app/features/teams/index.server'
import type { Actor } from '#app/platform/access/actor'

/** The toast an invitee sees on arrival (access.md §8 success toasts). */
export function invitedToast(email: string, brandName: string): Toast {
  return { kind: 'info', message: INVITE_MESSAGES.invitedTo(email, brandName) }
}

/** A failed invite stays on screen until dismissed (access.md §2 "Invite not found"). */
export function inviteErrorToast(message: string): Toast {
  return { kind: 'error', message, persistent: true }
}

export interface InvitedState {
  token: string
  email: string
  brandKey: string
  brandName: string
}

/**
 * The login loader's handling of `?token=`. Throws the redirect to follow, or answers the
 * "invited" state for the login form.
 */
export async function inviteStateForLogin(
  request: Request,
  context: AppLoadContext,
  actor: Actor | null,
  token: string,
): Promise<InvitedState> {
  if (actor) {
    const outcome = await acceptAfterSignIn(context, actor, token)
    throw await redirectWithToast(request, context, outcome.landing, outcome.toast)
  }
  try {
    const invite = await parseInvite(context.deps, token)
    if (!invite.account) throw redirect(`/invite?token=${encodeURIComponent(token)}`)
    return { token, email: invite.email, brandKey: invite.brand.key, brandName: invite.brand.name }
  } catch (error) {
    if (!isAppError(error)) throw error
    throw await redirectWithToast(request, context, '/', inviteErrorToast(error.message))
  }
}

/**
 * Accepts the invite for a user who has just signed in (or already was). A refused invite does
 * not undo the sign-in: the user lands as usual and reads why.
 */
export async function acceptAfterSignIn(
  context: AppLoadContext,
  actor: Actor,
  token: string,
): Promise<{ landing: string; toast: Toast }> {
  try {
    const accepted = await acceptInvite(context.deps, actor, token)
    return { landing: accepted.landing, toast: invitedToast(actor.email, accepted.brandName) }
  } catch (error) {
    if (!isAppError(error)) throw error
    const landing = landingPath({ status: actor.status, preferredBrand: actor.preferences.brand, grants: actor.grants })
    return { landing, toast: inviteErrorToast(error.message) }
  }
}
