// Our homepage map (MapLibre + deck.gl, screen-grid clusters) with bench stations, 1600×900.
import { createRoot } from 'react-dom/client';
import StationMap from '../../../src/widgets/map/StationMap';
import { stations } from './data';
import { dragFrames, whenAttr } from './timing';
import type { MapView } from './views';

const view: MapView = {
  async mount(n) {
    const box = document.createElement('div');
    box.style.cssText = 'width:1600px;height:900px';
    document.getElementById('root')!.append(box);
    const t0 = performance.now();
    createRoot(box).render(
      <StationMap
        stations={stations(n)}
        height={900}
        statusLabel={String}
        powerLabel={(mw) => `${mw.toFixed(1)} MW`}
        countLabel={(k) => `${k} stations`}
        listLabel="Stations"
        onOpen={() => undefined}
      />,
    );
    await whenAttr(
      box,
      () =>
        box.querySelector('.maplibregl-canvas') !== null &&
        (n === 0 || Number(box.querySelector('[data-testid=station-map]')?.getAttribute('data-points')) > 0),
    );
    return performance.now() - t0;
  },
  pan: () => dragFrames(document.querySelector('[data-testid=station-map] .maplibregl-canvas')!),
};
export default view;
