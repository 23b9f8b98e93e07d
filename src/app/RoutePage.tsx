// The matched route's page: loaded lazily from the route table, behind its own error boundary
// and loading overlay, so the layout around it stays up while it loads or if it fails to.
import { Suspense } from 'react';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { ChunkErrorPage } from '../features/errors/ChunkErrorPage';
import { useT } from '../hooks/useT';
import { ChunkBoundary } from './ChunkBoundary';
import { pageOf } from './lazy';
import type { RouteDef } from './routes';

export function RoutePage({ route }: { route: RouteDef }) {
  const t = useT();
  const Page = pageOf(route);
  return (
    <ChunkBoundary key={route.name} fallback={(chunk) => <ChunkErrorPage chunk={chunk} />}>
      <Suspense fallback={<LoadingOverlay text={t('app.loading')} />}>
        <Page route={route} />
      </Suspense>
    </ChunkBoundary>
  );
}
