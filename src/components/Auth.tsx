// SPEC §6 auth wrapper: shows its content only if no permission id is given or the list has it.
import type { ReactNode } from 'react';

export function Auth({
  permission,
  permissions,
  children,
  fallback = null,
}: {
  permission?: string;
  permissions: ReadonlySet<string>;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{!permission || permissions.has(permission) ? children : fallback}</>;
}
