/** Where a user's e-mail address lives (the user pool): the profile row does not keep a copy that could go stale. */
export interface UserDirectory {
  /** undefined when the user no longer exists or has no address. */
  emailOf(userId: string): Promise<string | undefined>;
}
