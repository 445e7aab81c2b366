import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputOf } from '../../../../shared/contract.ts';
import type { StaffMember } from '../../../../shared/manager.ts';
import { openScreen } from '../../nav.ts';
import { useStore } from '../../state/store.ts';
import { ErrorNotice, OutcomeNotice, type Outcome } from '../common/notices.tsx';
import { runChange, useApiQuery } from '../common/query.tsx';
import { pinProblem } from '../../../../shared/pins.ts';
import { pinProblemWords } from '../../errors.ts';
import { useFormats } from '../../i18n/format.ts';
import '../common/manager.css';

type Editing = { id: string; kind: 'rename' | 'pin' } | null;

type StaffMethod =
  'staff.create' | 'staff.rename' | 'staff.deactivate' | 'staff.reactivate' | 'staff.setRole' | 'staff.resetPin' | 'staff.unlock';

/** One staff change, the list read again after it; null when it went through, the reason in words when not. */
const change = <M extends StaffMethod>(method: M, input: InputOf<M>) => runChange(method, input, ['staff.all']);

/** Staff: add, rename, change the role, reset a PIN, deactivate or reactivate, unlock. */
export default function StaffScreen() {
  const { t } = useTranslation(['staff', 'common', 'manager']);
  const me = useStore((s) => (s.session?.status === 'active' ? s.session.staffId : null));
  // Set when the manager made themselves a clerk: reading the list would be refused now.
  const [demoted, setDemoted] = useState(false);
  const list = useApiQuery('staff.all', {}, { enabled: !demoted });
  const staff = demoted ? null : list.data;
  const error = demoted ? null : list.error;
  const [message, setMessage] = useState<Outcome>(null);
  const [editing, setEditing] = useState<Editing>(null);

  const run = async (work: Promise<string | null>, done: string) => {
    const failure = await work;
    setMessage(failure ? { ok: false, text: failure } : { ok: true, text: done });
    if (!failure) setEditing(null);
    return failure === null;
  };
  const setRole = async (m: StaffMember, role: 'clerk' | 'manager') => {
    const selfDemotion = m.id === me && role === 'clerk';
    const done = await run(
      runChange('staff.setRole', { staffId: m.id, role }, selfDemotion ? [] : ['staff.all']),
      t(`done.role.${role}`, { name: m.name }),
    );
    // A manager who made themselves a clerk has no business on this screen any more.
    if (done && selfDemotion) {
      setDemoted(true);
      await useStore.getState().loadSession();
      openScreen('sell');
    }
  };

  return (
    <div className="manager">
      <header className="manager-head">
        <h1>{t('heading')}</h1>
      </header>
      <AddStaff onDone={(work, name) => run(work, t('done.added', { name }))} />
      <OutcomeNotice outcome={message} block />
      <ErrorNotice error={error} />
      {staff && (
        <section className="panel" aria-label={t('list')}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('column.name')}</th>
                <th scope="col">{t('column.role')}</th>
                <th scope="col">{t('column.status')}</th>
                <th scope="col">{t('column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {staff.map((m) => (
                <tr key={m.id} className={m.active ? undefined : 'inactive'}>
                  <th scope="row">
                    {editing?.id === m.id && editing.kind === 'rename' ? (
                      <RenameForm
                        member={m}
                        onCancel={() => setEditing(null)}
                        onSave={(name) => run(change('staff.rename', { staffId: m.id, name }), t('done.renamed', { name }))}
                      />
                    ) : (
                      <>
                        {m.name}
                        {m.id === me && <span className="muted"> {t('manager:you')}</span>}
                      </>
                    )}
                  </th>
                  <td>{t(`common:role.${m.role}`)}</td>
                  <td>
                    <Status member={m} />
                  </td>
                  <td>
                    {editing?.id === m.id && editing.kind === 'pin' ? (
                      <PinForm
                        member={m}
                        onCancel={() => setEditing(null)}
                        onSave={(pin) =>
                          run(change('staff.resetPin', { staffId: m.id, pin }), t('done.pinReset', { name: m.name }))
                        }
                      />
                    ) : (
                      <div className="row-actions">
                        <button
                          type="button"
                          className="button secondary"
                          onClick={() => setEditing({ id: m.id, kind: 'rename' })}
                        >
                          {t('action.rename')}
                        </button>
                        <button type="button" className="button secondary" onClick={() => setEditing({ id: m.id, kind: 'pin' })}>
                          {t('action.resetPin')}
                        </button>
                        {m.active && <RoleAction member={m} isMe={m.id === me} onSet={(role) => void setRole(m, role)} />}
                        {(m.lockedUntil || m.approvalsPausedUntil) && (
                          <button
                            type="button"
                            className="button"
                            onClick={() =>
                              void run(change('staff.unlock', { staffId: m.id }), t('done.unlocked', { name: m.name }))
                            }
                          >
                            {t('action.unlock')}
                          </button>
                        )}
                        {m.active ? (
                          m.id !== me && (
                            <button
                              type="button"
                              className="button danger"
                              onClick={() => {
                                if (window.confirm(t('confirm.deactivate', { name: m.name }))) {
                                  void run(
                                    change('staff.deactivate', { staffId: m.id }),
                                    t('done.deactivated', { name: m.name }),
                                  );
                                }
                              }}
                            >
                              {t('action.deactivate')}
                            </button>
                          )
                        ) : (
                          <button
                            type="button"
                            className="button secondary"
                            onClick={() =>
                              void run(change('staff.reactivate', { staffId: m.id }), t('done.reactivated', { name: m.name }))
                            }
                          >
                            {t('action.reactivate')}
                          </button>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

/** Promotion goes at once; demotion asks first, since it takes rights away, perhaps the asker's own. */
function RoleAction({
  member: m,
  isMe,
  onSet,
}: {
  member: StaffMember;
  isMe: boolean;
  onSet: (role: 'clerk' | 'manager') => void;
}) {
  const { t } = useTranslation('staff');
  if (m.role === 'clerk') {
    return (
      <button
        type="button"
        className="button secondary"
        onClick={() => window.confirm(t('confirm.makeManager', { name: m.name })) && onSet('manager')}
      >
        {t('action.makeManager')}
      </button>
    );
  }
  const question = isMe ? t('confirm.makeSelfClerk') : t('confirm.makeClerk', { name: m.name });
  return (
    <button type="button" className="button secondary" onClick={() => window.confirm(question) && onSet('clerk')}>
      {t('action.makeClerk')}
    </button>
  );
}

/** A lock ends by itself, so the time it ends is what the manager needs (and Unlock ends it now). */
function Status({ member: m }: { member: StaffMember }) {
  const { t } = useTranslation('staff');
  const f = useFormats();
  if (!m.active) return <span className="chip chip-off">{t('status.inactive')}</span>;
  if (m.lockedUntil) {
    return (
      <span className="chip chip-failed" title={t('status.lockedWhy')}>
        {t('status.lockedUntil', { time: f.timeOrDate(m.lockedUntil) })}
      </span>
    );
  }
  if (m.approvalsPausedUntil) {
    return (
      <span className="chip chip-failed" title={t('status.pausedWhy')}>
        {t('status.pausedUntil', { time: f.timeOrDate(m.approvalsPausedUntil) })}
      </span>
    );
  }
  return <span className="chip chip-ok">{t('status.active')}</span>;
}

function AddStaff({ onDone }: { onDone: (work: Promise<string | null>, name: string) => Promise<boolean> }) {
  const { t } = useTranslation(['staff', 'common']);
  const [name, setName] = useState('');
  const [role, setRole] = useState<'clerk' | 'manager'>('clerk');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const pinIssue = pinProblem(pin);
  const pinOk = pinIssue === null;
  return (
    <section className="panel" aria-label={t('add.heading')}>
      <h2>{t('add.heading')}</h2>
      <form
        className="form-grid"
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim() || !pinOk || busy) return;
          setBusy(true);
          const trimmed = name.trim();
          void onDone(change('staff.create', { name: trimmed, role, pin }), trimmed).then((ok) => {
            setBusy(false);
            if (ok) {
              setName('');
              setPin('');
              setRole('clerk');
            }
          });
        }}
      >
        <label>
          {t('add.name')}
          <input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </label>
        <label>
          {t('add.role')}
          <select value={role} onChange={(e) => setRole(e.target.value as 'clerk' | 'manager')}>
            <option value="clerk">{t('common:role.clerk')}</option>
            <option value="manager">{t('common:role.manager')}</option>
          </select>
        </label>
        <label>
          {t('add.pin')}
          <input
            value={pin}
            inputMode="numeric"
            type="password"
            autoComplete="new-password"
            maxLength={8}
            aria-invalid={pin.length >= 4 && !pinOk}
            aria-describedby="new-pin-problem"
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <button type="submit" className="button" disabled={!name.trim() || !pinOk || busy}>
          {t('add.submit')}
        </button>
        {/* Said once four digits are in: earlier it would nag while the manager is still typing. */}
        <p id="new-pin-problem" className="bad wide" role="status">
          {pin.length >= 4 && pinIssue ? pinProblemWords(pinIssue) : null}
        </p>
      </form>
    </section>
  );
}

function RenameForm({
  member,
  onSave,
  onCancel,
}: {
  member: StaffMember;
  onSave: (name: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['staff', 'common']);
  const [name, setName] = useState(member.name);
  return (
    <form
      className="inline-edit"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() && name.trim() !== member.name) void onSave(name.trim());
      }}
    >
      <input
        aria-label={t('rename.label', { name: member.name })}
        value={name}
        maxLength={80}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
      />
      <button type="submit" className="button small" disabled={!name.trim() || name.trim() === member.name}>
        {t('common:action.save')}
      </button>
      <button type="button" className="button small secondary" onClick={onCancel}>
        {t('common:action.cancel')}
      </button>
    </form>
  );
}

function PinForm({
  member,
  onSave,
  onCancel,
}: {
  member: StaffMember;
  onSave: (pin: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['staff', 'common']);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const issue = pinProblem(pin) ?? (again !== pin ? 'mismatch' : null);
  const problem = issue && pinProblemWords(issue);
  const ok = problem === null;
  return (
    <form
      className="inline-edit"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (ok) void onSave(pin);
      }}
    >
      <input
        aria-label={t('pin.label', { name: member.name })}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        placeholder={t('pin.placeholder')}
        maxLength={8}
        value={pin}
        autoFocus
        onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
      />
      <input
        aria-label={t('pin.again', { name: member.name })}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        placeholder={t('pin.againPlaceholder')}
        maxLength={8}
        value={again}
        onChange={(e) => setAgain(e.target.value.replace(/\D/g, ''))}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
      />
      <button type="submit" className="button small">
        {t('pin.save')}
      </button>
      <button type="button" className="button small secondary" onClick={onCancel}>
        {t('common:action.cancel')}
      </button>
      {tried && problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
