import { useEffect, useState } from 'react';
import type { StaffTile } from '../../../shared/contract.ts';
import { useStore } from '../state/store.ts';
import { describeError } from '../errors.ts';
import { PinPad } from '../components/PinPad.tsx';

/** Staff tiles, then a PIN pad. A locked counter goes straight to the PIN of whoever locked it. */
export function SignInScreen() {
  const session = useStore((s) => s.session);
  const staff = useStore((s) => s.staff);
  const staffError = useStore((s) => s.staffError);
  const loadStaff = useStore((s) => s.loadStaff);
  const signIn = useStore((s) => s.signIn);
  const signInError = useStore((s) => s.signInError);
  const signingIn = useStore((s) => s.signingIn);
  const clearSignInError = useStore((s) => s.clearSignInError);
  const lockedBy = session?.status === 'locked' ? session : null;
  const [chosen, setChosen] = useState<StaffTile | null>(null);

  useEffect(() => {
    void loadStaff();
  }, [loadStaff]);

  const person = chosen ?? (lockedBy ? (staff?.find((s) => s.id === lockedBy.staffId) ?? null) : null);

  if (staffError) {
    return (
      <main className="signin">
        <div className="notice error" role="alert">
          <p>{describeError(staffError)}</p>
          <button type="button" className="button" onClick={() => void loadStaff()}>
            Try again
          </button>
        </div>
      </main>
    );
  }

  if (person) {
    return (
      <main className="signin">
        <h1>
          {lockedBy?.staffId === person.id ? `Locked — ${person.name}, enter your PIN` : `Hello ${person.name}, enter your PIN`}
        </h1>
        <PinPad
          busy={signingIn}
          error={signInError ? describeError(signInError) : null}
          onChange={clearSignInError}
          onSubmit={(pin) => signIn(person.id, pin)}
        />
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            clearSignInError();
            setChosen(null);
            if (lockedBy) void useStore.getState().signOut();
          }}
        >
          {lockedBy ? 'Someone else' : 'Back'}
        </button>
      </main>
    );
  }

  return (
    <main className="signin">
      <h1>Who is at the counter?</h1>
      {staff === null ? (
        <p className="muted" role="status">
          Loading staff…
        </p>
      ) : staff.length === 0 ? (
        <p className="notice error">No staff are set up. A manager must add staff first.</p>
      ) : (
        <ul className="staff-tiles" aria-label="Staff">
          {staff.map((member) => (
            <li key={member.id}>
              <button type="button" className="staff-tile" onClick={() => setChosen(member)}>
                <span className="avatar" aria-hidden="true">
                  {initials(member.name)}
                </span>
                <span className="staff-name">{member.name}</span>
                <span className="staff-role">{member.role === 'manager' ? 'Manager' : 'Clerk'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}
