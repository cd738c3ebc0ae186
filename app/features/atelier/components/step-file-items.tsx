// One file's icon by family, its thumbnail and its name.
import type { FileItem } from '../views'
import { Link } from '@remix-run/react'
import { type Hrefs } from './step-uploads-props'

const FAMILY_LABELS: Record<string, string> = {
  image: 'IMG',
  video: 'VID',
  spreadsheet: 'XLS',
  model: '3D',
  zprj: 'ZPRJ',
  svg: 'SVG',
  gif: 'GIF',
  pdf: 'PDF',
  obj: 'OBJ',
  ai: 'AI',
  psd: 'PSD',
  document: 'DOC',
  archive: 'ZIP',
  pattern: 'DXF',
  fbx: 'FBX',
  grading: 'RUL',
  file: 'FILE',
}

const FAMILY_COLOURS: Record<string, string> = {
  pdf: 'text-red-700',
  ai: 'text-orange-700',
  psd: 'text-sky-700',
  pattern: 'text-emerald-700',
  grading: 'text-emerald-700',
  model: 'text-violet-700',
  zprj: 'text-violet-700',
  obj: 'text-violet-700',
  fbx: 'text-violet-700',
}

/** §9 family icons: a sheet with its family's mark; a folder has its own shape. */
export function FamilyIcon({ type, size = 40 }: { type: string; size?: number }) {
  if (type === 'folder') {
    return (
      <svg width={size} height={size} viewBox="0 0 40 40" aria-label="Folder" role="img" data-family="folder">
        <path d="M4 10a3 3 0 0 1 3-3h9l4 4h13a3 3 0 0 1 3 3v16a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3z" fill="#d9cfc1" />
      </svg>
    )
  }
  const label = FAMILY_LABELS[type] ?? 'FILE'
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role="img"
      aria-label={`${label} file`}
      data-family={type}
      className={FAMILY_COLOURS[type] ?? 'text-ink'}
    >
      <path d="M9 3h16l8 8v24a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z" fill="#fff" stroke="#c8c2b8" />
      <path d="M25 3v8h8" fill="none" stroke="#c8c2b8" />
      <text x="20" y="28" textAnchor="middle" fontSize={label.length > 3 ? 7 : 9} fontWeight="600" fill="currentColor">
        {label}
      </text>
    </svg>
  )
}

export function Thumb({ item, className, iconSize = 40 }: { item: FileItem; className: string; iconSize?: number }) {
  return item.image && item.thumbnail ? (
    <img src={item.thumbnail} alt="" className={`${className} object-cover`} loading="lazy" />
  ) : (
    <span className={`${className} flex items-center justify-center bg-paper`}>
      <FamilyIcon type={item.type} size={iconSize} />
    </span>
  )
}

export function ItemName({ item, href }: { item: FileItem; href: Hrefs }) {
  if (item.folder) {
    return (
      <Link to={href.folder(item.key)} className="font-medium hover:underline" data-testid="folder-link">
        {item.name}
      </Link>
    )
  }
  if (item.image && item.original) {
    return (
      <Link to={href.here({ open: item.key })} className="font-medium hover:underline" preventScrollReset>
        {item.name}
      </Link>
    )
  }
  return <span className="font-medium">{item.name}</span>
}
