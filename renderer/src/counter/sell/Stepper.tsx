import { useTranslation } from 'react-i18next';
import { FlowSteps } from '../../ui/FlowSteps.tsx';

export type SellStep = 'choose' | 'details' | 'confirm' | 'result';

const STEPS: readonly SellStep[] = ['choose', 'details', 'confirm', 'result'];

/** Where the clerk is in the sale; a glance tells a colleague taking over. */
export function Stepper({ step, skipped }: { step: SellStep; skipped?: readonly SellStep[] }) {
  const { t } = useTranslation('sell');
  return (
    <FlowSteps
      steps={STEPS.map((key) => ({ key, label: t(`steps.${key}`) }))}
      current={step}
      label={t('steps.label')}
      skipped={skipped}
    />
  );
}
