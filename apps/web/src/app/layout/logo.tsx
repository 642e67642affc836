/** The TownWorks mark: a house with a brick wall. Decorative; the link around it carries the name. */
export function Logo() {
  return (
    <svg className="site-logo__mark" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="#fcd34d" />
      <path
        d="M8 20 20 9l12 11"
        fill="none"
        stroke="#12355b"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M12 19v12h16V19" fill="none" stroke="#12355b" strokeWidth="3" strokeLinejoin="round" />
      <path d="M12 25h16M20 25v6M16 19v6M24 19v6" stroke="#12355b" strokeWidth="2" />
    </svg>
  )
}
