// What each bench view offers the runner (bench/groups/peers*.ts calls them as window.bench).

export interface TrendView {
  /** mounts a chart of `series` × `n` points; ms from mount to the data drawn */
  mount(n: number, series: number): Promise<number>;
  /** a wheel session (zoom in, pan right and back, zoom out); ms per step to the redraw */
  redraw(zoomIn: number, pan: number, zoomOut: number): Promise<number[]>;
}

export interface MapView {
  /** mounts the map with `n` stations; resolves once it has settled */
  mount(n: number): Promise<number>;
  /** frame intervals of the shared drag path */
  pan(): Promise<number[]>;
}

export interface TableView {
  /** mounts `n` alarm rows; ms from mount to the first frame painted */
  mount(n: number): Promise<number>;
  /** frame intervals of a scroll of `steps` frames, one 120 px step per frame */
  scroll(steps: number): Promise<number[]>;
  /** rows in the DOM */
  rows(): number;
}
