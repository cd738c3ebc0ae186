// What the Firebase Auth emulator exposes for tests: the e-mail action codes (password reset,
// e-mail verification) and SMS codes it "sent", read through its REST endpoints.
export interface OobCode {
  email: string
  requestType: string
  oobCode: string
  oobLink: string
}

export interface SmsCode {
  phoneNumber: string
  code: string
}

export async function emulatorOobCodes(emulatorHost: string, projectId: string): Promise<OobCode[]> {
  const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`)
  return ((await response.json()) as { oobCodes?: OobCode[] }).oobCodes ?? []
}

/** The newest action code of a type ('PASSWORD_RESET', 'VERIFY_EMAIL') for an address. */
export async function latestOobCode(
  emulatorHost: string,
  projectId: string,
  email: string,
  requestType: string,
): Promise<OobCode | undefined> {
  const codes = await emulatorOobCodes(emulatorHost, projectId)
  return codes.filter((code) => code.email === email.toLowerCase() && code.requestType === requestType).at(-1)
}

export async function emulatorSmsCodes(emulatorHost: string, projectId: string): Promise<SmsCode[]> {
  const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/verificationCodes`)
  return ((await response.json()) as { verificationCodes?: SmsCode[] }).verificationCodes ?? []
}
