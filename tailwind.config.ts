import type { Config } from 'tailwindcss'

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        ink: '#15151a',
        muted: '#6b6b76',
        line: '#e6e4df',
        canvas: '#faf9f7',
        accent: 'var(--brand-accent, #15151a)',
      },
      fontFamily: {
        sans: ['Inter', 'ui-sans-serif', 'system-ui', 'sans-serif'],
      },
      aspectRatio: { product: '3 / 4' },
    },
  },
  plugins: [],
} satisfies Config
