// Whether WebGL is rasterized on the CPU (no GPU, or the GPU blocklisted): SwiftShader, llvmpipe
// and the like. There every frame of a canvas costs time in proportion to its pixels, so the map
// draws at a lower pixel ratio; with a GPU it draws at the screen's.
let known: boolean | null = null;

const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render/i;

export function softwareWebgl(): boolean {
  if (known !== null) return known;
  try {
    const gl = document.createElement('canvas').getContext('webgl2') ?? document.createElement('canvas').getContext('webgl');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    const renderer = gl ? String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER)) : '';
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    known = SOFTWARE.test(renderer);
  } catch {
    known = false;
  }
  return known;
}

/** The map's pixel ratio under a software renderer: a quarter of the pixels of a 1× screen. */
export const SOFTWARE_PIXEL_RATIO = 0.5;

/** The pixel ratio to draw the map's canvases at. */
export const mapPixelRatio = (): number => (softwareWebgl() ? Math.min(devicePixelRatio, SOFTWARE_PIXEL_RATIO) : devicePixelRatio);
