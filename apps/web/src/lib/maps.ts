// A place as a link to a map: Google Maps' search URL, which opens the app on a phone.

/** "https://www.google.com/maps/search/?api=1&query=…": the pin when there is one, else the address and town. */
export function mapsLink(place: {
  location?: { lat: number; lng: number } | null
  address?: string | null
  town?: string | null
}): string | undefined {
  const query = place.location
    ? `${place.location.lat},${place.location.lng}`
    : place.address
      ? [place.address, place.town].filter(Boolean).join(', ')
      : undefined
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : undefined
}
