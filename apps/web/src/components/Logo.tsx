/** The round eTA mark used in the top bar and the sign-in card (inline SVG: no extra request). */
export function Logo({ size = 40, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role="img"
      aria-label="eTA Desk logo"
      xmlns="http://www.w3.org/2000/svg"
    >
      <circle cx="32" cy="32" r="32" fill="#0d6efd" />
      <circle cx="32" cy="32" r="27" fill="none" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="2" />
      <text x="32" y="40" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="22" fill="#fff">
        eTA
      </text>
    </svg>
  );
}
