// Legal texts in es-ES for scripts/generate-legal-pdfs.mjs. {company}, {address}, {tax}, {email}, {site} and {date}
// are filled in by the generator.
export default {
  meta: {
    effective: 'Fecha de entrada en vigor: {date}',
    page: 'Página {n} de {total}',
    contact: 'Contacto: {email}',
  },
  terms: {
    title: 'Términos y condiciones',
    lead: 'Estos Términos y condiciones regulan el uso de RangeForge ({site}), una aplicación web para crear, consultar y compartir tablas de rangos de póker preflop y de torneo, así como de su tienda, su nivel Premium y su programa de referidos. El servicio lo presta {company}, {address}, número fiscal {tax}. Al crear una cuenta o usar el servicio aceptas estos términos.',
    sections: [
      [
        'Cuentas',
        'Debes tener al menos 18 años y poder usar herramientas de estudio de póker en tu país. Regístrate con un nombre de usuario de 4 a 20 caracteres, un correo electrónico válido y una contraseña de 6 a 20 caracteres. Mantén tu contraseña en secreto: eres responsable de todo lo que se haga con tu cuenta. Puedes cambiar tu nombre de usuario, contraseña y avatar en tu perfil en cualquier momento.',
      ],
      [
        'El servicio',
        'RangeForge te permite crear, copiar, mover, eliminar y compartir categorías de rangos para cash (preflop) y torneos, colorear manos con colores ponderados y calcular la equity en tu navegador. Las cifras de equity son estimaciones matemáticas para el estudio; no son consejos y no garantizamos ningún resultado en la mesa. RangeForge es una herramienta de estudio y no debe usarse durante una mano cuando las normas de una sala o evento prohíban la asistencia en tiempo real.',
      ],
      [
        'Gratis y Premium',
        'El nivel gratuito permite un número limitado de rangos. Premium es un pago único (25 USD, o el precio que se muestre en tu moneda al pagar) que elimina el límite y desbloquea compartir rangos, moverlos en el árbol de navegación y copiar estrategias predefinidas. Premium está vinculado a tu cuenta y no es transferible.',
      ],
      [
        'Compras en la tienda',
        'Los packs de estrategias y los cursos en vídeo se licencian, no se venden: recibes un derecho personal, no exclusivo e intransferible a usarlos dentro de RangeForge. No puedes revender, publicar ni compartir el material comprado fuera de las funciones para compartir del servicio. Los precios se muestran en RUB para cuentas en ruso y en USD en los demás casos, e incluyen los impuestos que debemos cobrar.',
      ],
      [
        'Pagos',
        'Los pagos con tarjeta los procesa nuestro proveedor de pagos; nunca vemos ni guardamos el número completo de tu tarjeta. Las transferencias a tarjeta bancaria y los pagos en Bitcoin y Tether (TRC20) se revisan manualmente y normalmente se confirman en 24 horas desde que envías la confirmación (los cuatro últimos dígitos de la tarjeta o el ID de la transacción). El acceso se concede cuando se confirma el pago.',
      ],
      [
        'Programa de referidos',
        'Cada cuenta tiene un enlace de referido personal. Cuando una persona que se registró con tu enlace realiza un pago, recibes el porcentaje de ese pago que fijemos en ese momento y que aparece en tus pagos por referidos. Podemos cambiar el porcentaje para pagos futuros y anular recompensas obtenidas mediante autorreferencia, fraude o spam.',
      ],
      [
        'Contenido compartido',
        'Los rangos y estrategias que compartes se envían a los usuarios que elijas, que pueden aceptarlos o rechazarlos. Solo puedes compartir categorías y torneos que hayas creado. No compartas material sobre el que no tengas derechos. Podemos retirar contenido y suspender cuentas que incumplan estos términos o la ley.',
      ],
      [
        'Disponibilidad y responsabilidad',
        'Trabajamos para mantener el servicio disponible, pero no garantizamos que funcione sin interrupciones ni errores. En la medida en que la ley lo permita, nuestra responsabilidad total por cualquier reclamación se limita al importe que nos hayas pagado en los doce meses anteriores a la reclamación. Nada en estos términos limita la responsabilidad que la ley no permite limitar.',
      ],
      [
        'Cambios y terminación',
        'Podemos actualizar estos términos; la nueva versión se aplica desde su fecha de entrada en vigor y avisaremos a los usuarios con sesión iniciada de los cambios importantes. Puedes dejar de usar el servicio en cualquier momento y pedirnos que eliminemos tu cuenta. Estos términos se rigen por las leyes de Inglaterra y Gales, sin perjuicio de las normas imperativas de protección del consumidor de tu país de residencia.',
      ],
    ],
  },
  privacy: {
    title: 'Política de privacidad',
    lead: 'Esta política explica qué datos personales trata {company} ({address}, número fiscal {tax}) cuando usas RangeForge, con qué fin y qué derechos tienes. Somos los responsables de estos datos. Consultas y solicitudes: {email}.',
    sections: [
      [
        'Datos que recogemos',
        'Datos de la cuenta: nombre de usuario, correo electrónico, contraseña (guardada solo como hash Argon2id), imagen de avatar e idioma de la interfaz. Datos de uso: los rangos, categorías, notas y botones que creas, las estrategias que compartes o recibes, compras, pagos y pagos por referidos. Datos técnicos: dirección IP, tipo de navegador y registros de solicitudes conservados por seguridad.',
      ],
      [
        'Para qué los usamos',
        'Para prestar el servicio y tu cuenta (contrato); para procesar pagos y llevar la contabilidad (obligación legal); para prevenir el fraude y el abuso y mantener el servicio seguro (interés legítimo); para enviar códigos de recuperación de contraseña y mensajes sobre tus compras (contrato). No vendemos tus datos ni los usamos para publicidad de terceros.',
      ],
      [
        'Pagos',
        'Los pagos con tarjeta los gestiona nuestro proveedor de pagos, que recibe los datos necesarios para el cobro. En los pagos manuales guardamos la confirmación que introduces: los cuatro últimos dígitos de la tarjeta o el ID de la transacción. Nunca guardamos números de tarjeta completos.',
      ],
      [
        'Cookies y almacenamiento local',
        'Usamos el almacenamiento del navegador solo para lo que el servicio necesita: tu token de sesión y el idioma elegido. No usamos cookies publicitarias ni de seguimiento.',
      ],
      [
        'Comunicación de datos',
        'Solo compartimos datos con encargados que nos ayudan a prestar el servicio (alojamiento, envío de correo, procesamiento de pagos), con contratos que los protegen, y con las autoridades cuando la ley lo exige. Cuando compartes un rango, el destinatario ve tu nombre de usuario y el contenido compartido.',
      ],
      [
        'Conservación',
        'Conservamos los datos de la cuenta mientras exista. Los registros de pagos y contables se guardan durante el plazo que exige la normativa fiscal. Los registros de seguridad se conservan hasta 90 días. Tras eliminar tu cuenta, borramos o anonimizamos tus datos personales en 30 días, salvo los que la ley nos obliga a conservar.',
      ],
      [
        'Tus derechos',
        'Puedes solicitar el acceso, la rectificación, la supresión, la limitación y la portabilidad de tus datos, y oponerte al tratamiento basado en el interés legítimo. También puedes reclamar ante la autoridad de protección de datos. Escribe a {email}; respondemos en el plazo de un mes.',
      ],
      [
        'Seguridad',
        'Las conexiones van cifradas, las contraseñas se guardan con hash, los tokens de acceso se guardan con hash y se revocan al cerrar sesión, y solo accede a los datos de producción el personal que lo necesita.',
      ],
      [
        'Cambios',
        'Publicaremos cualquier actualización de esta política con una nueva fecha de entrada en vigor y avisaremos a los usuarios con sesión iniciada de los cambios importantes.',
      ],
    ],
  },
  returns: {
    title: 'Política de devoluciones',
    lead: 'Esta política explica cuándo puedes recuperar tu dinero por compras en RangeForge a {company}. No limita tus derechos legales como consumidor.',
    sections: [
      [
        'Contenido digital',
        'Premium, los packs de estrategias y los cursos en vídeo son contenido digital que se suministra inmediatamente después del pago. Al comprar, nos pides que empecemos a suministrarlo de inmediato y reconoces que el derecho legal de desistimiento de 14 días termina en cuanto el contenido está disponible en tu cuenta.',
      ],
      [
        'Cuándo reembolsamos',
        'Reembolsamos el importe íntegro si se te cobró dos veces el mismo artículo, si se cobró el pago pero no se concedió el acceso en 24 horas y no podemos solucionarlo, si el contenido difiere sustancialmente de su descripción o si un fallo técnico por nuestra parte te impide usarlo y no podemos repararlo en un plazo razonable.',
      ],
      [
        'Reembolsos de cortesía',
        'Si no has abierto ninguna estrategia comprada ni has visto ninguna lección de un curso, puedes pedir el reembolso en los 14 días siguientes a la compra y normalmente lo concederemos.',
      ],
      [
        'Pagos manuales',
        'Las transferencias a tarjeta bancaria y los pagos en Bitcoin y Tether que no podamos asociar a un pedido se devuelven al remitente tras comprobarlos, descontando las comisiones de red o bancarias que se nos cobren. Los reembolsos en criptomoneda se envían en la misma moneda a una dirección que confirmes por escrito.',
      ],
      [
        'Pagos por referidos',
        'Cuando se reembolsa un pago, se anula la recompensa por referido pagada por él.',
      ],
      [
        'Cómo solicitarlo',
        'Escribe a {email} desde el correo de tu cuenta indicando la fecha, el importe y el método de pago. Respondemos en 5 días hábiles; los reembolsos aprobados se envían al método de pago original en 10 días hábiles.',
      ],
    ],
  },
};
