import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

function Loading() {
  const { t } = useTranslation('manager');
  return (
    <p className="muted" role="status">
      {t('loading')}
    </p>
  );
}

/**
 * A screen whose code is fetched the first time it opens, so the clerk's window never loads the
 * back office (charts included) and the first paint stays small.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Screen = lazy(load);
  function LazyScreen() {
    return (
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    );
  }
  return LazyScreen;
}
