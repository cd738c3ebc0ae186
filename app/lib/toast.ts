export interface Toast {
  kind: 'success' | 'error' | 'info'
  message: string
  persistent?: boolean
}
