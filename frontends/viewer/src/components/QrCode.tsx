import { useEffect, useState } from 'react';

/** The dark modules of a QR code as one SVG path, a unit square each, inside a four-module quiet zone. */
function modulesPath(size: number, dark: (row: number, col: number) => boolean): string {
  let path = '';
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) if (dark(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
  return path;
}

/**
 * A QR code of a link, drawn as SVG (crisp at any size, no canvas): the `qrcode` package encodes it,
 * loaded only when a code is shown. Dark on light whatever the theme, as phone cameras read best.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const [symbol, setSymbol] = useState<{ size: number; path: string } | null>(null);

  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ create }) => {
      const { modules } = create(value, { errorCorrectionLevel: 'M' });
      if (live)
        setSymbol({
          size: modules.size,
          path: modulesPath(modules.size, (r, c) => Boolean(modules.get(r, c))),
        });
    });
    return () => {
      live = false;
    };
  }, [value]);

  const box = (symbol?.size ?? 25) + 8;
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${box} ${box}`}
      shapeRendering="crispEdges"
      data-ready={symbol ? 'true' : undefined}
    >
      <rect width={box} height={box} fill="#fff" />
      {symbol && <path d={symbol.path} fill="#000" />}
    </svg>
  );
}
