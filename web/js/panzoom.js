// panzoom.js: zoom (wheel, buttons) and pan (drag) of an SVG drawing by its viewBox, shared by the
// hex map (map.js) and the miniatures table (table.js). A click that is not a drag is handed to
// onClick(event, point) for the caller to read its target (point: where, in viewBox units).

import { h } from "./dom.js";

// svg: the drawing; ext {w, h}: its whole extent in viewBox units; minW: the narrowest view
// zoom may reach; label: what the buttons zoom ("map", "table"). Returns the controls element
// and fit(), zoom(factor, cx, cy), centreOn({x, y}), focus({x, y}, w) (centred there, the view
// narrowed to w wide if it is wider).
export function panZoom(svg, ext, { minW, label, onClick }) {
  let vb = { x: 0, y: 0, w: ext.w, h: ext.h };
  const setVB = () => svg.setAttribute("viewBox", `${vb.x} ${vb.y} ${vb.w} ${vb.h}`);
  function zoom(factor, cx, cy) {
    const nw = Math.min(Math.max(vb.w * factor, minW), ext.w * 2);
    const f = nw / vb.w;
    if (cx == null) { cx = vb.x + vb.w / 2; cy = vb.y + vb.h / 2; }
    vb = { x: cx - (cx - vb.x) * f, y: cy - (cy - vb.y) * f, w: vb.w * f, h: vb.h * f };
    setVB();
  }
  // a pointer's place in viewBox units, and the units a screen pixel spans: through the drawing's
  // own screen transform, exact whatever its border, letterboxing or zoom
  function toSvg(ev) {
    const m = svg.getScreenCTM();
    if (m) {
      const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
      return { x: p.x, y: p.y, sc: 1 / m.a };
    }
    const r = svg.getBoundingClientRect(); // (not rendered: preserveAspectRatio meet by hand)
    const sc = Math.max(vb.w / r.width, vb.h / r.height);
    const ox = (r.width * sc - vb.w) / 2, oy = (r.height * sc - vb.h) / 2;
    return { x: vb.x + (ev.clientX - r.left) * sc - ox, y: vb.y + (ev.clientY - r.top) * sc - oy, sc };
  }
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const p = toSvg(ev);
    zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
  }, { passive: false });

  let drag = null;
  svg.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) return;
    drag = { x: ev.clientX, y: ev.clientY, vb: { ...vb }, moved: false, id: ev.pointerId };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    if (!drag.moved) svg.setPointerCapture?.(drag.id);
    drag.moved = true;
    const { sc } = toSvg(ev);
    vb = { ...drag.vb, x: drag.vb.x - dx * sc, y: drag.vb.y - dy * sc };
    setVB();
  });
  const endDrag = (ev) => {
    if (!drag) return;
    const wasDrag = drag.moved;
    drag = null;
    if (wasDrag || ev.type !== "pointerup") return;
    if (onClick) onClick(ev, toSvg(ev));
  };
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", endDrag);

  function fit() { vb = { x: 0, y: 0, w: ext.w, h: ext.h }; setVB(); }
  const centreOn = (p) => focus(p, vb.w);
  function focus(p, w) {
    const nw = Math.max(Math.min(vb.w, w), minW), nh = vb.h * nw / vb.w;
    vb = { x: p.x - nw / 2, y: p.y - nh / 2, w: nw, h: nh };
    setVB();
  }

  const controls = h("div.mapctl", { role: "group", "aria-label": `${label[0].toUpperCase()}${label.slice(1)} zoom` },
    h("button", { type: "button", "aria-label": "Zoom in", onclick: () => zoom(1 / 1.3) }, "+"),
    h("button", { type: "button", "aria-label": "Zoom out", onclick: () => zoom(1.3) }, "−"),
    h("button", { type: "button", "aria-label": `Fit the whole ${label}`, onclick: fit }, "Fit"));
  return { controls, fit, zoom, centreOn, focus };
}
