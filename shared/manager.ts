/** Shapes of the manager's back office that cross the contract. */

export type StaffMember = {
  readonly id: string;
  readonly name: string;
  readonly role: 'clerk' | 'manager';
  readonly active: boolean;
  readonly failedAttempts: number;
  /** Set when five wrong PINs locked the account; only a manager can clear it. */
  readonly lockedAt: string | null;
  readonly createdAt: string;
};

export type AuditView = {
  readonly seq: number;
  readonly at: string;
  readonly actorStaffId: string | null;
  readonly actorName: string | null;
  readonly action: string;
  readonly subject: string | null;
  readonly details: Readonly<Record<string, unknown>>;
};

export type StoreSettings = {
  readonly storeName: string;
  readonly storeAddress: string;
  readonly timeZone: string;
  readonly idleLockMinutes: number;
};
