import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/errors.ts';
import type { TopupOffer, TopupOptions } from '../../../../shared/sales.ts';
import { api } from '../../api.ts';
import { describeError, fieldWords } from '../../errors.ts';
import { IccidField } from '../../ui/IccidField.tsx';
import { TopupOffers } from '../topup/TopupOffers.tsx';

type Props = {
  /** An ICCID scanned while the package search was shown: looked up at once. */
  preset: string | null;
  onAdd(iccid: string, offer: TopupOffer): void;
};

/**
 * A top-up for the basket: the eSIM's ICCID scanned or typed, then one of the top-ups it takes.
 * An ICCID whose check digit does not match is not taken here: the Top up screen, where the clerk
 * confirms the number on its own, is the place for it.
 */
export function AddTopup({ preset, onAdd }: Props) {
  const { t } = useTranslation('sell', { keyPrefix: 'basket.add' });
  const [options, setOptions] = useState<TopupOptions | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const [fieldKey, setFieldKey] = useState(0);
  // The scan that opened this panel is looked up once; the field after an added top-up starts empty.
  const [start, setStart] = useState(preset);
  const latest = useRef<string | null>(null);

  const lookUp = async (iccid: string) => {
    latest.current = iccid;
    setBusy(true);
    setOptions(null);
    setError(null);
    const result = await api().call('topups.options', { iccid });
    // A second scan while the first answer travelled wins: its eSIM is the one in the field.
    if (latest.current !== iccid) return;
    setBusy(false);
    if (result.ok) setOptions(result.value);
    else setError(result.error);
  };

  const problem = error?.code === 'bad_input' ? (fieldWords(error, 'iccid') ?? describeError(error)) : null;
  return (
    <div className="basket-add-topup">
      <IccidField
        key={fieldKey}
        id="basket-iccid"
        action={t('find')}
        busy={busy}
        problem={problem}
        preset={start}
        onLookUp={(iccid) => void lookUp(iccid)}
        onRefused={() => {
          latest.current = null;
          setBusy(false);
          setOptions(null);
          setError(null);
        }}
      />
      {error && !problem && (
        <p className="notice error" role="alert">
          {describeError(error)}
        </p>
      )}
      {options && !options.luhnValid && (
        <p className="notice warn" role="alert">
          {t('checksum')}
        </p>
      )}
      {options?.luhnValid && options.offers.length === 0 && <p className="notice">{t('noTopups')}</p>}
      {options?.luhnValid && options.offers.length > 0 && (
        <TopupOffers
          offers={options.offers}
          onPick={(offer) => {
            onAdd(options.iccid, offer);
            // The next eSIM's number goes into an empty field.
            setOptions(null);
            setStart(null);
            setFieldKey((k) => k + 1);
          }}
        />
      )}
    </div>
  );
}
