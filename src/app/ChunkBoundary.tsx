import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from './lazy';

/**
 * Catches a failed chunk and shows its name with a reload button. Pages sit in their own
 * boundary inside the layout, so a page that fails to load leaves the sidebar and header usable;
 * the boundary is keyed by route, so opening another screen tries again.
 */
export class ChunkBoundary extends Component<{ fallback: (chunk: string) => ReactNode; children: ReactNode }, { chunk: string | null }> {
  override state = { chunk: null as string | null };
  static getDerivedStateFromError(e: unknown) {
    return { chunk: e instanceof ChunkLoadError ? e.chunk : 'view' };
  }
  override render() {
    return this.state.chunk ? this.props.fallback(this.state.chunk) : this.props.children;
  }
}
