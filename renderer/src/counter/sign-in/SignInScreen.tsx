import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffTile } from '../../../../shared/contract.ts';
import { useStore } from '../../state/store.ts';
import { COMMAND, describeError } from '../../errors.ts';
import { PinPad } from './PinPad.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';

/** Staff tiles, then a PIN pad. A locked counter goes straight to the PIN of whoever locked it. */
export function SignInScreen() {
  const { t } = useTranslation(['signin', 'common']);
  const deviceLanguage = useStore((s) => s.deviceLanguage);
  const chooseDeviceLanguage = useStore((s) => s.chooseDeviceLanguage);
  const chooseTileLanguage = useStore((s) => s.chooseTileLanguage);
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
  // Whose tile to focus when the tiles come back (Back, Someone else): theirs, or the first.
  const [lastChosen, setLastChosen] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => {
    void loadStaff();
  }, [loadStaff]);

  const person = chosen ?? (lockedBy ? (staff?.find((s) => s.id === lockedBy.staffId) ?? null) : null);
  // The chosen person's PIN pad speaks their language; back at the tiles, the computer's again.
  const personLanguage = person?.language ?? null;
  useEffect(() => {
    chooseTileLanguage(personLanguage);
    return () => chooseTileLanguage(null);
  }, [personLanguage, chooseTileLanguage]);

  if (staffError) {
    return (
      <main className="signin">
        <div className="notice error" role="alert">
          <p>{describeError(staffError)}</p>
          <button type="button" className="button" onClick={() => void loadStaff()}>
            {t('common:action.tryAgain')}
          </button>
        </div>
      </main>
    );
  }

  if (person) {
    return (
      <main className="signin">
        <h1 id={headingId}>
          {lockedBy?.staffId === person.id ? t('lockedBy', { name: person.name }) : t('hello', { name: person.name })}
        </h1>
        {person.demoPin && <p className="staff-demo-pin">{t('demoPin', { pin: person.demoPin })}</p>}
        <PinPad
          labelledBy={headingId}
          busy={signingIn}
          // The only manager, locked out, is told the commands that let her in: each a line of its own,
          // left to right in every language, selected whole by a double click.
          error={
            signInError &&
            describeError(signInError, true)
              .split(COMMAND)
              .map((text, i) =>
                i % 2 ? (
                  <code key={i} className="command-line" dir="ltr">
                    {text}
                  </code>
                ) : (
                  text
                ),
              )
          }
          onChange={clearSignInError}
          onSubmit={(pin) => signIn(person.id, pin)}
        />
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            clearSignInError();
            setLastChosen(person.id);
            setChosen(null);
            if (lockedBy) void useStore.getState().signOut();
          }}
        >
          {lockedBy ? t('someoneElse') : t('common:action.back')}
        </button>
      </main>
    );
  }

  return (
    <main className="signin">
      <div className="signin-heading">
        <h1>{t('whoIsHere')}</h1>
        <LanguagePicker value={deviceLanguage} onChange={chooseDeviceLanguage} />
      </div>
      {staff === null ? (
        <p className="muted" role="status">
          {t('loadingStaff')}
        </p>
      ) : staff.length === 0 ? (
        <p className="notice error">{t('noStaff')}</p>
      ) : (
        <StaffTiles staff={staff} label={t('staffList')} focusOn={lastChosen} onChoose={setChosen} />
      )}
    </main>
  );
}

/** The tiles; coming back to them (from a PIN pad) puts the focus on the tile left, or the first. */
function StaffTiles({
  staff,
  label,
  focusOn,
  onChoose,
}: {
  staff: readonly StaffTile[];
  label: string;
  focusOn: string | null;
  onChoose(member: StaffTile): void;
}) {
  const { t } = useTranslation(['signin', 'common']);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (focusOn === null) return;
    const tiles = [...(list.current?.querySelectorAll<HTMLButtonElement>('.staff-tile') ?? [])];
    (tiles.find((tile) => tile.dataset.staffId === focusOn) ?? tiles[0])?.focus();
  }, [focusOn]);
  return (
    <ul className="staff-tiles" aria-label={label} ref={list}>
      {staff.map((member) => (
        <li key={member.id}>
          <button type="button" className="staff-tile" data-staff-id={member.id} onClick={() => onChoose(member)}>
            <span className="avatar" aria-hidden="true">
              {initials(member.name)}
            </span>
            <span className="staff-name">{member.name}</span>
            <span className="staff-role">{t(`common:role.${member.role}`)}</span>
            {member.demoPin && <span className="staff-demo-pin">{t('demoPin', { pin: member.demoPin })}</span>}
          </button>
        </li>
      ))}
    </ul>
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
