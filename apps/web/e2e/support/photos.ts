import type { Page } from '@playwright/test'

/**
 * A phone camera's photo, made by the page's canvas: `width` × `height` (2400 × 1800 unless said), a
 * JPEG of a few hundred KB, with some detail so it is not all flat colour.
 */
export async function cameraPhoto(page: Page, width = 2400, height = 1800): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas')
      canvas.width = w
      canvas.height = h
      const g = canvas.getContext('2d')!
      const gradient = g.createLinearGradient(0, 0, w, h)
      gradient.addColorStop(0, '#1b6ec2')
      gradient.addColorStop(1, '#f4b400')
      g.fillStyle = gradient
      g.fillRect(0, 0, w, h)
      for (let i = 0; i < 400; i++) {
        g.fillStyle = `hsl(${(i * 37) % 360} 70% 50%)`
        g.fillRect((i * 97) % w, (i * 53) % h, 60, 40)
      }
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95))
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let binary = ''
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
      return btoa(binary)
    },
    [width, height] as const,
  )
  return Buffer.from(base64, 'base64')
}
