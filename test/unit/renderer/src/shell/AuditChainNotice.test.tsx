import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuditChainWarning } from '../../../../../renderer/src/shell/AuditChainNotice.tsx';
import type { AppInfo } from '../../../../../shared/contract.ts';

type Chain = AppInfo['auditChain'];

/** What a manager reads: the markup without its tags. */
const text = (chain: Chain, detailed: boolean) =>
  renderToStaticMarkup(<AuditChainWarning chain={chain} detailed={detailed} journalFile="journal-production.sqlite" />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const broken: Chain = { ok: false, brokenAtSeq: 1234, reason: 'entry 1234, verified before, is missing' };

describe('the audit chain notice', () => {
  it('says nothing while the chain is whole, or before the app has answered', () => {
    expect(renderToStaticMarkup(<AuditChainWarning chain={undefined} detailed={false} />)).toBe('');
    expect(text({ ok: true, verifiedThroughSeq: 1234 }, false)).toBe('');
    expect(text({ ok: true, verifiedThroughSeq: 1234 }, true)).toBe('');
  });

  it('tells a manager on any screen where the log was altered and what to do, with the way to the details', () => {
    const markup = renderToStaticMarkup(<AuditChainWarning chain={broken} detailed={false} />);
    expect(markup).toContain('role="alert"');
    expect(markup).toContain('<a href="#audit">See the audit log</a>');
    expect(text(broken, false)).toBe(
      'The audit log was altered at entry 1234. Keep this computer and its data as they are, and contact support. See the audit log',
    );
  });

  it('on the Audit log screen, gives the reason and says to keep the file as it is', () => {
    const out = text(broken, true);
    expect(out).toContain('The audit log was altered at entry 1234');
    expect(out).toContain('entry 1234, verified before, is missing');
    expect(out).toMatch(/keep the journal file \(journal-production\.sqlite in the app’s data folder\) exactly as it is/);
    expect(out).toMatch(/not delete it, restore a backup over it or reinstall the app/);
    expect(out).toContain('contact support');
    // Then how it is settled, and by whom: the owner, at the machine, with the recovery code.
    expect(out).toContain(
      'Once support has seen it, the owner can re-anchor the log at this computer, with the app stopped and the recovery code: npm run admin -- reanchor .',
    );
  });
});
