// The server side of materials-step.tsx: what its route loads and does.
import { type MaterialFormValues } from '#app/features/atelier/components/materials'
import { materialPage } from '#app/features/atelier/material-pages.server'
import {
  colorsFromForm,
  MATERIAL_ERROR_MESSAGE,
  MATERIAL_SAVED_MESSAGE,
  type MATERIAL_SIDES,
} from '#app/features/atelier/materials'
import {
  createMaterial,
  getMaterial,
  materialLibrary,
  materialsOfStyle,
  updateMaterial,
  type MaterialView,
} from '#app/features/atelier/materials.server'
import { hasAbility } from '#app/platform/access/access.server'
import { isAppError } from '#app/platform/errors'
import { redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

const STEPS = ['summary', 'add', 'edit'] as const

type Step = (typeof STEPS)[number]

function stepOf(value: string | undefined): Step {
  if (!STEPS.includes(value as Step))
    throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
  return value as Step
}

function valuesOf(material: MaterialView | null, front = ''): MaterialFormValues {
  const color = (side: (typeof MATERIAL_SIDES)[number]) => {
    const found = material?.colors.find((candidate) => candidate.name === side)
    return {
      code: found?.code ?? '',
      hexcode: found?.hexcode ?? '',
      pantone: found?.pantone ?? '',
      notes: found?.notes ?? '',
    }
  }
  return {
    name: material?.name ?? '',
    use: material?.use ?? '',
    colorway: material?.colorway ?? '',
    notes: material?.notes ?? '',
    front: material?.assets.front?.key ?? front,
    back: material?.assets.back?.key ?? '',
    colors: { front: color('front'), back: color('back') },
  }
}

/** The material being edited: one of this style's, of this type; anything else is not found. */
async function editedMaterial(
  context: LoaderFunctionArgs['context'],
  page: Awaited<ReturnType<typeof materialPage>>,
  key: string | null,
) {
  const material = await run(() => getMaterial(context.deps, page.actor, key ?? ''))
  if (!material.styles.includes(page.style.key) || material.type !== page.type) {
    throw json({ error: { type: 'NotFound', message: 'Material not found.' } }, { status: 404 })
  }
  return material
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await materialPage(request, context, params, access)
  const step = stepOf(params.step)
  const type = page.type!
  const url = new URL(request.url)
  if (step === 'summary') {
    const materials = await run(() => materialsOfStyle(context.deps, page.actor, page.style.key, { type }))
    const mayChange = await hasAbility(context.deps, page.actor, 'asset.manage', {
      model: 'Style',
      key: page.style.key,
    })
    return json({ step, base: page.base, type, style: page.style, materials, mayChange, images: [], values: null })
  }
  const images = await run(() => materialLibrary(context.deps, page.actor, page.style.key))
  const material = step === 'edit' ? await editedMaterial(context, page, url.searchParams.get('key')) : null
  const values = valuesOf(material, url.searchParams.get('front') ?? '')
  return json({ step, base: page.base, type, style: page.style, materials: [], mayChange: true, images, values })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const page = await materialPage(request, context, params, access)
  const step = stepOf(params.step)
  const form = await request.formData()
  await requireCsrf(request, context, form)
  const text = (name: string) => String(form.get(name) ?? '')
  const input = {
    brand: page.brandKey,
    type: page.type!,
    name: text('name'),
    use: text('use'),
    colorway: text('colorway'),
    notes: text('notes'),
    colors: colorsFromForm(form),
    assets: { front: text('front') || null, back: text('back') || null },
  }
  try {
    if (step === 'add') {
      await createMaterial(context.deps, page.actor, { ...input, styles: [page.style.key] })
    } else if (step === 'edit') {
      const material = await editedMaterial(context, page, new URL(request.url).searchParams.get('key'))
      await updateMaterial(context.deps, page.actor, material.key, input)
    } else {
      throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
    }
  } catch (error) {
    if (isAppError(error) && error.type === 'NotFound') {
      throw json({ error: { type: error.type, message: error.message } }, { status: 404 })
    }
    if (!isAppError(error) || error.status >= 500) throw error
    const sent: MaterialFormValues = {
      name: input.name,
      use: input.use,
      colorway: input.colorway,
      notes: input.notes,
      front: text('front'),
      back: text('back'),
      colors: {
        front: {
          code: text('front.code'),
          hexcode: text('front.hexcode'),
          pantone: text('front.pantone'),
          notes: text('front.notes'),
        },
        back: {
          code: text('back.code'),
          hexcode: text('back.hexcode'),
          pantone: text('back.pantone'),
          notes: text('back.notes'),
        },
      },
    }
    return json(
      { values: sent, errors: error.fields ?? {}, formError: MATERIAL_ERROR_MESSAGE },
      { status: error.status },
    )
  }
  return redirectWithToast(request, context, `${page.base}/${page.type}/summary`, {
    kind: 'success',
    message: MATERIAL_SAVED_MESSAGE,
  })
}
