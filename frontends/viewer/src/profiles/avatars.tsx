import { PROFILE_AVATARS, type ProfileAvatar as AvatarName } from '@chitram/contracts/web';
import type { ReactNode } from 'react';

// The drawn avatars a profile picks from (issue 22, D37): shipped with the app as SVG, no outside images.

const DRAWINGS: Record<AvatarName, { background: string; drawing: ReactNode }> = {
  lotus: {
    background: '#f7c6d9',
    drawing: (
      <g fill="#d6336c">
        <ellipse cx="32" cy="30" rx="7" ry="15" />
        <ellipse cx="22" cy="35" rx="6" ry="12" transform="rotate(-35 22 35)" />
        <ellipse cx="42" cy="35" rx="6" ry="12" transform="rotate(35 42 35)" />
        <rect x="14" y="44" width="36" height="5" rx="2.5" fill="#2b8a3e" />
      </g>
    ),
  },
  peacock: {
    background: '#c3fae8',
    drawing: (
      <g>
        <circle cx="32" cy="26" r="14" fill="#1c7ed6" />
        <circle cx="32" cy="26" r="7" fill="#37b24d" />
        <circle cx="32" cy="26" r="3" fill="#1864ab" />
        <ellipse cx="32" cy="46" rx="6" ry="9" fill="#1864ab" />
      </g>
    ),
  },
  tiger: {
    background: '#ffe8cc',
    drawing: (
      <g>
        <circle cx="20" cy="18" r="6" fill="#f76707" />
        <circle cx="44" cy="18" r="6" fill="#f76707" />
        <circle cx="32" cy="34" r="17" fill="#fd7e14" />
        <path d="M22 26l5 4M42 26l-5 4M32 18v6" stroke="#212529" strokeWidth="3" strokeLinecap="round" />
        <circle cx="26" cy="34" r="2.5" fill="#212529" />
        <circle cx="38" cy="34" r="2.5" fill="#212529" />
        <ellipse cx="32" cy="42" rx="6" ry="4" fill="#fff4e6" />
      </g>
    ),
  },
  elephant: {
    background: '#dbe4ff',
    drawing: (
      <g fill="#748ffc">
        <ellipse cx="16" cy="30" rx="9" ry="12" />
        <ellipse cx="48" cy="30" rx="9" ry="12" />
        <circle cx="32" cy="30" r="14" />
        <path d="M28 38q4 16 10 12" stroke="#748ffc" strokeWidth="7" fill="none" strokeLinecap="round" />
        <circle cx="27" cy="27" r="2" fill="#212529" />
        <circle cx="37" cy="27" r="2" fill="#212529" />
      </g>
    ),
  },
  kite: {
    background: '#fff3bf',
    drawing: (
      <g>
        <path d="M32 8l16 20-16 20-16-20z" fill="#e03131" />
        <path d="M32 8v40M16 28h32" stroke="#fff3bf" strokeWidth="2" />
        <path d="M32 48q-4 6 2 10" stroke="#495057" strokeWidth="2" fill="none" />
      </g>
    ),
  },
  mango: {
    background: '#d3f9d8',
    drawing: (
      <g>
        <path d="M30 16q20 2 18 24t-22 12q-12-8-6-24 4-12 10-12z" fill="#fab005" />
        <path d="M30 16q6-8 14-6-6 6-14 6z" fill="#2f9e44" />
      </g>
    ),
  },
  star: {
    background: '#e5dbff',
    drawing: (
      <path d="M32 10l6.5 13.5 14.5 2-10.5 10 2.5 14.5L32 43l-13 7 2.5-14.5L11 25.5l14.5-2z" fill="#7048e8" />
    ),
  },
  moon: {
    background: '#1c2541',
    drawing: (
      <g>
        <path d="M38 12a20 20 0 1 0 12 34 16 16 0 1 1-12-34z" fill="#ffd43b" />
        <circle cx="18" cy="16" r="1.8" fill="#fff" />
        <circle cx="50" cy="22" r="1.4" fill="#fff" />
      </g>
    ),
  },
};

export function isAvatar(value: string): value is AvatarName {
  return (PROFILE_AVATARS as readonly string[]).includes(value);
}

/** A profile's avatar, drawn; an unknown name draws the first. Decorative: its profile's name says who. */
export function ProfileAvatar({ avatar, size = 64 }: { avatar: string; size?: number }) {
  const { background, drawing } = DRAWINGS[isAvatar(avatar) ? avatar : PROFILE_AVATARS[0]];
  return (
    <svg
      className="vw-avatar"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill={background} />
      {drawing}
    </svg>
  );
}
