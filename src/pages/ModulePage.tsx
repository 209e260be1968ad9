import { Card, CardContent, Typography } from '@mui/material';
import { Authenticated, useCanAccess, useTranslate } from 'react-admin';
import { findModule } from '../../resources/modules.ts';
import { PageHeader } from '../layout/PageHeader.tsx';
import { StatusPage } from './StatusPage.tsx';

/** A signed-in page guarded by a permission: a module's, or an action's of a resource (the server checks its calls as well). */
export function AccessGuard({
  resource,
  action = 'access',
  children,
}: {
  resource: string;
  action?: string;
  children: React.ReactNode;
}) {
  const { isPending, canAccess } = useCanAccess({ resource, action });
  if (isPending) return null;
  return canAccess ? <>{children}</> : <StatusPage kind="noAccess" />;
}

function ModuleFrame({ moduleId }: { moduleId: string }) {
  const translate = useTranslate();
  const module = findModule(moduleId);
  return (
    <>
      <PageHeader title={module?.name ?? ''} />
      <Card>
        <CardContent>
          <Typography color="text.secondary">{translate('pages.comingUp')}</Typography>
        </CardContent>
      </Card>
    </>
  );
}

/** A module's page: its own content when given, else its frame until the work that fills it lands. */
export function ModulePage({ moduleId, children }: { moduleId: string; children?: React.ReactNode }) {
  return (
    <Authenticated>
      <AccessGuard resource={moduleId}>{children ?? <ModuleFrame moduleId={moduleId} />}</AccessGuard>
    </Authenticated>
  );
}
