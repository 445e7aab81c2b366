import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from '../../../../electron/events.ts';
import { DisplayService } from '../../../../electron/services/display.ts';
import type { DisplayState } from '../../../../shared/display.ts';
import type { TopupOffer, TopupView } from '../../../../shared/sales.ts';

const offer: TopupOffer = {
  id: 'willow-topup-3gb',
  title: '3 GB - 30 days',
  dataText: '3 GB',
  dataMb: 3072,
  days: 30,
  isUnlimited: false,
  voiceMinutes: null,
  textMessages: null,
  retail: { minor: 1250, currency: 'USD' },
  net: { minor: 900, currency: 'USD' },
};

function topup(status: TopupView['status']): TopupView {
  return {
    id: 't1',
    reference: 'TU-20261122-ABC',
    status,
    iccid: '8944500102198304826',
    packageId: offer.id,
    packageTitle: offer.title,
    packageData: '3 GB',
    packageDays: 30,
    price: offer.retail,
    total: offer.retail,
    tax: null,
    paymentMethod: 'card',
    staffId: 'c',
    partnerOrderCode: null,
    failure: null,
    retryAfter: null,
    attempts: 1,
    createdAt: '2026-11-22T10:00:00.000Z',
    completedAt: status === 'completed' ? '2026-11-22T10:00:02.000Z' : null,
  };
}

function display(practice: 'DEMO' | 'TRAINING' | null = 'DEMO') {
  const events = new EventBus();
  const seen: DisplayState[] = [];
  events.subscribe((name, payload) => name === 'display.changed' && seen.push(payload as DisplayState));
  return { service: new DisplayService({ events, storeName: () => 'Harbour Phones', practice, thanksMs: 5000 }), seen };
}

afterEach(() => vi.useRealTimers());

describe('customer display', () => {
  it('shows the top-up picked for an eSIM with its own price, not the last sale’s', () => {
    const { service } = display('TRAINING');
    expect(service.topup('8944500102198304826', offer)).toEqual({
      kind: 'topup',
      practice: 'TRAINING',
      iccidTail: '04826',
      dataText: '3 GB',
      days: 30,
      price: { minor: 1250, currency: 'USD' },
    });
  });

  it('shows a top-up as done only once it is, then goes back to the welcome by itself', () => {
    vi.useFakeTimers();
    const { service } = display();
    expect(() => service.topupDone(topup('uncertain'))).toThrow(/Only a completed top-up/);
    expect(service.topupDone(topup('completed'))).toMatchObject({ kind: 'topup_done', iccidTail: '04826', dataText: '3 GB' });
    vi.advanceTimersByTime(5000);
    expect(service.current()).toEqual({ kind: 'idle', storeName: 'Harbour Phones', practice: 'DEMO' });
  });

  it('clears to the welcome, and says nothing when it is there already', () => {
    const { service, seen } = display(null);
    service.topup('8944500102198304826', offer);
    service.clear();
    service.clear();
    expect(seen.map((s) => s.kind)).toEqual(['topup', 'idle']);
    expect(service.current()).toMatchObject({ kind: 'idle', practice: null });
  });
});
