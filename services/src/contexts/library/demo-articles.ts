/**
 * Demo reading content for Verba.
 *
 * Sixteen short, original texts (four per language: de, fr, es, ru), each
 * written for one CEFR level (A1, A2, B1, B2). Content is plain text;
 * paragraphs are separated by a blank line ("\n\n").
 */

export interface DemoArticle {
  /** Stable id (a UUID you write literally, unique per article). */
  id: string;
  languageCode: 'de' | 'fr' | 'es' | 'ru';
  /** Title in the target language. */
  name: string;
  category:
    | 'Travel'
    | 'Food & Cooking'
    | 'History & Culture'
    | 'Health & Fitness'
    | 'Science & Technology'
    | 'Children'
    | 'Fiction'
    | 'Sports'
    | 'Language Learning'
    | 'Other';
  /** CEFR level the text is written for. */
  level: 'A1' | 'A2' | 'B1' | 'B2';
  /** Plain text; paragraphs separated by a blank line ("\n\n"). */
  content: string;
}

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  // ---------------------------------------------------------------- German
  {
    id: '09c14be0-4078-4675-9107-a841bef7fb66',
    languageCode: 'de',
    name: 'Ein Morgen in der Bäckerei',
    category: 'Food & Cooking',
    level: 'A1',
    content: `Es ist sechs Uhr am Morgen. Die Stadt Leipzig ist noch ruhig, aber in der Bäckerei von Frau Krüger ist es schon warm und hell. Es riecht nach Brot und Kaffee.

Frau Krüger arbeitet seit vier Uhr. Sie backt Brötchen, Brezeln und einen großen Apfelkuchen. Ihr Sohn Paul hilft ihr. Er ist 19 Jahre alt und lernt Bäcker.

Um halb sieben kommt der erste Kunde. Das ist Herr Becker, ein alter Mann mit Hund. „Guten Morgen! Vier Brötchen, bitte“, sagt er. „Und ein Stück Kuchen für meine Frau.“

„Gern“, sagt Paul. „Das macht 5,20 Euro.“

Herr Becker bezahlt und lächelt. Der Hund bekommt auch etwas: ein kleines Stück Brot. Dann gehen die beiden nach Hause. Der Tag beginnt – und es kommen noch viele Kunden.`,
  },
  {
    id: 'ea831336-5af8-4297-9da5-178931e7d740',
    languageCode: 'de',
    name: 'Mit dem Fahrrad an die Ostsee',
    category: 'Travel',
    level: 'A2',
    content: `Letzten Sommer haben Lena und ihr Bruder Finn eine Radtour gemacht. Sie sind in vier Tagen von Lübeck nach Rostock gefahren, immer an der Ostsee entlang. Das sind ungefähr 150 Kilometer.

Am ersten Tag war das Wetter wunderbar. Die Sonne hat geschienen, und der Wind war schwach. Mittags haben die beiden am Strand Fischbrötchen gegessen und sind kurz ins Wasser gegangen. Das Wasser war kalt, nur 17 Grad, aber sie hatten viel Spaß.

Am zweiten Tag hat es geregnet. Finn war müde und schlecht gelaunt. „Ich will nicht mehr fahren“, hat er gesagt.

Lena hat gelacht: „Komm, in Wismar gibt es ein schönes Café. Dort trinken wir einen heißen Kakao.“ Das hat geholfen.

Abends haben sie auf Campingplätzen geschlafen. Das Zelt war klein, aber bequem. Manchmal haben sie noch lange draußen gesessen, Karten gespielt und die Sterne angeschaut.

In Rostock waren beide sehr stolz. Sie haben ein Foto am Hafen gemacht und sind dann mit dem Zug nach Hause gefahren. Finn hat schon eine neue Idee: Nächstes Jahr möchte er bis nach Polen fahren – mit Lena, natürlich.`,
  },
  {
    id: 'b3e510a3-5504-4abf-b7c0-32342dadfd66',
    languageCode: 'de',
    name: 'Die Speicherstadt in Hamburg',
    category: 'History & Culture',
    level: 'B1',
    content: `Wer heute durch die Speicherstadt in Hamburg spaziert, sieht lange Reihen aus roten Backsteinhäusern, schmale Kanäle und kleine Brücken. Viele Touristen halten das Viertel für einen besonders romantischen Teil der Stadt. Dabei wurde es aus einem sehr praktischen Grund gebaut: für den Handel.

Im 19. Jahrhundert war Hamburg eine der wichtigsten Hafenstädte Europas. Als die Stadt 1888 dem deutschen Zollgebiet beitrat, brauchte sie einen Freihafen, also einen Bereich, in dem man Waren lagern konnte, ohne sofort Zoll zu bezahlen. Deshalb begann man schon 1883 mit dem Bau der Speicherstadt. Dafür mussten allerdings ganze Wohnviertel abgerissen werden; rund 20.000 Menschen verloren damals ihr Zuhause.

Die Gebäude stehen auf Tausenden von Holzpfählen aus Eiche, die tief in den weichen Boden getrieben wurden. Auf der einen Seite konnten die Waren direkt vom Boot in die Speicher gezogen werden, auf der anderen Seite kamen Pferdewagen und später Lastwagen. In den Lagern lagen Kaffee, Tee, Gewürze, Kakao und wertvolle Teppiche aus dem Orient. Spezialisten, die sogenannten Quartiersleute, prüften die Qualität, sortierten die Waren und verpackten sie neu.

Mit der Zeit veränderte sich der Hafen. Seit den späten 1960er-Jahren transportieren Schiffe ihre Ladung vor allem in Containern, und die alten Speicher waren dafür nicht geeignet. Viele Hamburger fragten sich: „Was machen wir jetzt mit diesen Gebäuden?“

Die Antwort ist heute überall zu sehen. In den Speichern gibt es Museen, Büros und Restaurants – und sogar eine der größten Modelleisenbahnen der Welt. Trotzdem wird in einigen Häusern noch immer mit Teppichen gehandelt. Seit 2015 gehört die Speicherstadt zusammen mit dem benachbarten Kontorhausviertel zum UNESCO-Welterbe.

Ein Tipp für Besucher: Kommen Sie am Abend, wenn die Fassaden beleuchtet sind. Dann wirkt das Viertel fast wie eine Filmkulisse.`,
  },
  {
    id: 'ebbe4303-1be8-41bf-abc2-e55c38777ed1',
    languageCode: 'de',
    name: 'Das unsichtbare Netz unter dem Waldboden',
    category: 'Science & Technology',
    level: 'B2',
    content: `Wer im Herbst durch einen Buchenwald geht und Pilze sammelt, sieht nur einen winzigen Teil eines Lebewesens. Der eigentliche Pilz liegt nämlich unter der Erde: ein feines Geflecht aus Fäden, den sogenannten Hyphen, das sich über viele Quadratmeter ausbreiten kann. Was wir in den Korb legen, ist lediglich der Fruchtkörper – vergleichbar mit dem Apfel an einem Baum.

Viele dieser Pilze leben in enger Partnerschaft mit Bäumen. Fachleute nennen diese Verbindung Mykorrhiza, ein Wort aus dem Griechischen, das ungefähr „Pilzwurzel“ bedeutet. Das Prinzip ist ein Tauschgeschäft: Der Baum produziert durch Photosynthese Zucker und gibt einen Teil davon an den Pilz ab. Im Gegenzug versorgt der Pilz die Wurzeln mit Wasser und Nährstoffen wie Phosphor und Stickstoff, die er mit seinen extrem dünnen Fäden selbst aus winzigen Bodenporen holen kann. Schätzungen zufolge gehen rund 80 Prozent aller Landpflanzen solche Verbindungen ein.

Richtig populär wurde das Thema, als Forscherinnen und Forscher in den 1990er-Jahren beobachteten, dass über solche Pilznetze offenbar auch Stoffe von einem Baum zum anderen gelangen können. Die Medien fanden dafür schnell einen eingängigen Namen: das „Wood Wide Web“. Bald war in Büchern und Dokumentarfilmen davon die Rede, dass Bäume sich gegenseitig vor Schädlingen warnen, ihren Nachwuchs füttern oder sogar so etwas wie Freundschaften pflegen.

Inzwischen sind viele Fachleute deutlich vorsichtiger. Dass Pilze die Wurzeln verschiedener Bäume miteinander verbinden, gilt als gut belegt; wie viel tatsächlich über diese Verbindungen transportiert wird und ob die Bäume davon wirklich profitieren, ist dagegen umstritten. Manche Studien lassen sich unterschiedlich deuten, andere wurden nur im Labor oder mit jungen Pflanzen durchgeführt. „Ein schönes Bild ist noch kein Beweis“ – so ließe sich die Haltung der Kritiker zusammenfassen.

Für die Forstwirtschaft ist diese Frage keineswegs nur theoretisch. Werden Böden durch schwere Maschinen verdichtet oder große Flächen auf einmal kahl geschlagen, leiden auch die Pilzgeflechte, und junge Bäume wachsen womöglich schlechter an. Deshalb setzen manche Förster auf schonendere Methoden: Sie lassen einzelne alte Bäume stehen, fahren nur auf festgelegten Wegen und fördern Mischwälder.

Auch der Klimawandel spielt eine Rolle: Wenn Sommer trockener werden, sind Bäume noch stärker auf ihre Partner im Boden angewiesen, weil die feinen Pilzfäden Wasser aus Bereichen holen können, die die Wurzeln allein nicht erreichen.

Fest steht jedenfalls: Ein Wald ist mehr als die Summe seiner Bäume. Was unter unseren Füßen geschieht, verstehen wir erst in Ansätzen – und gerade das macht die Forschung so spannend.`,
  },

  // ---------------------------------------------------------------- French
  {
    id: 'e7377d2d-26d5-44a5-86c8-5495c36af2c3',
    languageCode: 'fr',
    name: 'En bateau à Marseille',
    category: 'Travel',
    level: 'A1',
    content: `Aujourd'hui, c'est samedi. Il fait beau et chaud à Marseille. Léa et son père vont au Vieux-Port. Ils prennent le bateau pour les îles du Frioul.

Le bateau part à 10 heures. Il y a beaucoup de monde : des familles, des touristes, des enfants avec des chapeaux. Léa a 8 ans. Elle regarde la mer. L'eau est bleue et très claire.

« Papa, regarde ! Il y a un château sur une petite île ! »

« C'est le château d'If, dit son père. Il est très vieux. »

Le voyage n'est pas long. Sur l'île, ils marchent un peu, puis ils mangent des sandwichs près de l'eau. Léa met les pieds dans la mer. Elle est froide ! Le soir, ils rentrent à la maison, fatigués mais contents.`,
  },
  {
    id: '787f5915-7cc8-41b0-a103-27716fc6e808',
    languageCode: 'fr',
    name: 'Où est Caramel ?',
    category: 'Children',
    level: 'A2',
    content: `Madame Roux habite au troisième étage, juste au-dessus de l'appartement de Tom. Elle a 82 ans et un gros chat roux qui s'appelle Caramel. Tous les matins, Caramel s'assoit sur le balcon et regarde les oiseaux.

Mardi, en rentrant de l'école, Tom a trouvé Madame Roux dans l'escalier. Elle avait l'air très inquiète.

« Tom, tu n'as pas vu Caramel ? Il n'est pas rentré depuis ce matin ! »

« Non, mais je vais vous aider à le chercher », a répondu Tom.

D'abord, ils ont regardé dans la cour, derrière les poubelles et sous les voitures. Rien. Ensuite, Tom a posé la question à la boulangère et au facteur, mais personne n'avait vu de chat roux. Alors, Tom a dessiné une affiche avec le nom et le numéro de téléphone de Madame Roux, et il l'a collée sur la porte de l'immeuble.

Le soir, pendant le dîner, Tom a entendu un petit bruit bizarre. Ça venait du placard de l'entrée ! Il a ouvert la porte… et Caramel était là, couché sur une vieille écharpe, très tranquille.

Tout le monde a bien ri. Pour dire merci, Madame Roux a préparé un gâteau au chocolat pour Tom et sa famille.`,
  },
  {
    id: 'd123de72-f4a3-4932-b174-fafa59bc3732',
    languageCode: 'fr',
    name: 'Courir avant le travail',
    category: 'Health & Fitness',
    level: 'B1',
    content: `Il y a deux ans, Nadia, 34 ans, ne courait jamais. Comptable dans une entreprise lyonnaise, elle passait ses journées assise devant un écran et se sentait souvent fatiguée. Aujourd'hui, elle court trois fois par semaine, le matin, avant d'aller au bureau. Elle nous raconte comment elle a commencé.

« Au début, je ne pouvais pas courir plus de deux minutes sans m'arrêter. J'étais un peu gênée, parce que tout le monde me dépassait sur les quais du Rhône ! »

Sur les conseils d'une amie, elle a suivi un programme simple : alterner une minute de course et deux minutes de marche, pendant une demi-heure. Chaque semaine, elle a augmenté un peu le temps de course. Au bout de deux mois, elle a réussi à courir 30 minutes sans pause.

Selon les médecins du sport, c'est exactement la bonne méthode. Quand on commence une activité physique, le plus important n'est pas la vitesse, mais la régularité. Le cœur et les muscles s'habituent assez vite à l'effort ; les tendons et les articulations, en revanche, ont besoin de plus de temps. C'est pourquoi beaucoup de débutants se blessent : ils veulent aller trop vite et trop loin.

Quelques conseils reviennent souvent : choisir de bonnes chaussures, boire suffisamment d'eau, bien dormir et prévoir au moins un jour de repos entre deux séances. Il est aussi utile de courir à un rythme qui permet encore de parler. Si vous n'arrivez plus à dire une phrase complète, vous allez probablement trop vite.

Pour Nadia, les effets ne sont pas seulement physiques. « Je dors mieux, je suis plus calme au travail, et j'ai découvert ma ville autrement. Le parc de la Tête d'Or à sept heures du matin, quand il n'y a presque personne, c'est magnifique. »

Son prochain objectif ? Participer à une course de 10 kilomètres au printemps — avec son amie, bien sûr.`,
  },
  {
    id: '1ebef790-f345-4764-a8c6-5f96d506b53c',
    languageCode: 'fr',
    name: 'La lettre derrière le tiroir',
    category: 'Fiction',
    level: 'B2',
    content: `Élise restaurait des meubles anciens depuis presque quinze ans, et elle croyait avoir tout vu : des tiroirs pleins de boutons, des pièces de monnaie coincées entre deux planches, une fois même un dentier. Pourtant, ce matin de novembre, en démontant un vieux secrétaire acheté dans une brocante près de Nantes, elle est tombée sur quelque chose qui l'a laissée immobile pendant de longues minutes.

Derrière le tiroir du haut, glissée contre le bois, il y avait une enveloppe jaunie. Un timbre était collé dans le coin, mais il n'y avait aucun cachet de la poste : la lettre n'était jamais partie. L'adresse, écrite d'une main appliquée, était celle d'une certaine Madeleine Gautier, 12 rue des Halles, à Saint-Nazaire. Au dos, on pouvait lire : « Y. L., le 3 mai 1962 ».

Élise a hésité. Ouvrir la lettre d'une inconnue lui paraissait indiscret ; la jeter, impossible. Elle l'a posée sur l'établi et s'est remise au travail, mais elle n'arrivait plus à se concentrer. Qui avait écrit ces lignes ? Et pourquoi ne les avait-il jamais envoyées ?

Le soir même, elle a cherché le nom sur Internet. Il y avait plusieurs Madeleine Gautier, la plupart trop jeunes. Puis elle est tombée sur un article du journal local : une ancienne institutrice de 84 ans venait de publier un petit livre de souvenirs sur le port de Saint-Nazaire. L'âge correspondait.

Il lui a fallu une semaine pour trouver le courage de téléphoner. La voix, au bout du fil, était claire et un peu méfiante.

« Une lettre de 1962 ? Vous êtes sûre qu'elle m'est adressée ? »

« Rue des Halles, numéro 12. C'est bien ça ? »

Il y a eu un long silence. « C'était la maison de mes parents », a fini par dire la vieille dame.

Elles se sont retrouvées le dimanche suivant, dans un café près du port. Madeleine a ouvert l'enveloppe avec un couteau à beurre, lentement, comme si elle craignait de l'abîmer. Elle a lu sans rien dire, puis elle a souri, les yeux humides.

« Il s'appelait Yves. Il partait travailler au Canada et il me demandait de venir avec lui. Il ne l'a jamais envoyée… Peut-être qu'il a eu peur de ma réponse. Moi, j'ai cru qu'il m'avait oubliée. »

Élise n'a pas osé poser d'autres questions. Ce n'est qu'en partant que Madeleine s'est retournée : « Ne soyez pas triste pour moi. J'ai eu une belle vie. Mais j'aurais aimé avoir le choix. »`,
  },

  // --------------------------------------------------------------- Spanish
  {
    id: 'da882c8c-b3ce-485d-9b21-c92b72f6d645',
    languageCode: 'es',
    name: 'Un domingo de fútbol en Sevilla',
    category: 'Sports',
    level: 'A1',
    content: `Hoy es domingo. Carlos tiene 10 años y vive en Sevilla con sus padres y su abuelo. Hoy es un día especial: por la tarde hay un partido de fútbol.

El abuelo de Carlos tiene dos entradas para el estadio. El partido empieza a las siete. Carlos lleva su camiseta favorita. En el estadio hay mucha gente. Todos cantan y gritan. Hace calor, y el abuelo compra dos botellas de agua.

En el minuto 80, el partido va 1 a 1. De repente, un jugador corre, chuta… ¡y gol!

—¡Abuelo, hemos ganado! —grita Carlos.

—Todavía no —dice el abuelo—. Faltan diez minutos.

Pero el resultado no cambia: 2 a 1. Carlos y su abuelo vuelven a casa muy felices. ¡Qué buen domingo!`,
  },
  {
    id: 'ca8a67c8-fd09-4b2e-b1a6-d7f7c192746c',
    languageCode: 'es',
    name: 'La tortilla de mi abuela',
    category: 'Food & Cooking',
    level: 'A2',
    content: `Cuando era pequeña, pasaba los veranos en casa de mi abuela, en un pueblo de Salamanca. Lo que más recuerdo es la tortilla de patatas que preparaba los domingos.

Mi abuela nunca usaba una receta escrita. «Se hace a ojo», decía siempre. Pero el año pasado, por fin, me enseñó a hacerla.

Para una tortilla grande hacen falta seis huevos, cuatro patatas, una cebolla, aceite de oliva y sal. Primero se pelan las patatas y se cortan en trozos finos. Después se fríen despacio con la cebolla, en mucho aceite, durante unos veinte minutos. No tienen que quedar crujientes, sino blandas.

Mientras tanto, se baten los huevos con un poco de sal. Luego se mezclan con las patatas y se espera un par de minutos; ese es el secreto de mi abuela.

Lo más difícil es darle la vuelta a la tortilla. Hay que poner un plato encima de la sartén y girarla muy rápido. La primera vez, la mitad de mi tortilla terminó en el suelo.

—No pasa nada —me dijo mi abuela, riéndose—. Yo tardé años en aprender.

Ahora hago tortilla para mis amigos casi todos los fines de semana. Y sí: lleva cebolla.`,
  },
  {
    id: '9f736a14-e68e-4a3e-8de1-8a4cf0d7a20f',
    languageCode: 'es',
    name: 'Mi intercambio de idiomas',
    category: 'Language Learning',
    level: 'B1',
    content: `Cuando me mudé a Madrid para estudiar, decidí que por fin iba a aprender alemán. Llevaba años diciéndolo, pero nunca encontraba tiempo. Me apunté a un curso en una academia, dos tardes por semana, y al principio todo iba bien: aprendía vocabulario, hacía los ejercicios y entendía la gramática. El problema era que, fuera de clase, no hablaba con nadie.

Una compañera me habló de los intercambios de idiomas, también llamados «tándems». La idea es sencilla: dos personas que quieren aprender la lengua de la otra se reúnen y dedican la mitad del tiempo a cada idioma. Así conocí a Jonas, un estudiante de Hamburgo que estaba pasando un año en Madrid con una beca Erasmus.

Nuestro primer encuentro fue en una cafetería del barrio de Chamberí. Yo estaba nerviosa y apenas me atrevía a abrir la boca. Jonas, en cambio, hablaba español sin miedo, aunque cometía bastantes errores.

—Ayer estuve muy embarazado en clase —me dijo muy serio.

Me reí tanto que se me olvidaron los nervios. Le expliqué que quería decir «avergonzado», y él, a cambio, me enseñó una palabra alemana que todavía uso: «peinlich».

Durante un año nos vimos casi todos los jueves. Hablábamos media hora en alemán y media hora en español sobre cualquier cosa: la comida, nuestras familias, las películas que habíamos visto. Con el tiempo aprendí algo importante: equivocarse no es un fracaso, sino parte del proceso.

Si quieres probar un intercambio, aquí tienes algunos consejos. Primero, fija unas reglas claras desde el principio; por ejemplo, cuánto tiempo se habla en cada lengua. Segundo, no corrijas todos los errores: es mejor elegir dos o tres y explicarlos al final. Y, por último, ten paciencia, porque los resultados no se notan en una semana, sino en varios meses.

Jonas volvió a Alemania hace dos años, pero seguimos hablando por videollamada. Y ahora, cuando voy a Hamburgo, ya no necesito traductor.`,
  },
  {
    id: '283a2957-2b86-4e32-ad34-77d9225d8115',
    languageCode: 'es',
    name: 'Las Fallas: arte para el fuego',
    category: 'History & Culture',
    level: 'B2',
    content: `Durante casi todo el año, cientos de artistas trabajan en grandes naves a las afueras de Valencia construyendo figuras enormes de madera, cartón y otros materiales. Algunas tardan meses en terminarse y cuestan miles de euros. Sin embargo, su destino está decidido desde el principio: la noche del 19 de marzo, casi todas acabarán en llamas.

Así son las Fallas, la fiesta más conocida de la ciudad. Según la explicación más extendida, su origen se encuentra en una costumbre de los carpinteros, que al llegar la primavera quemaban los trastos viejos y los soportes de madera con los que habían iluminado sus talleres durante el invierno. Con el tiempo, los vecinos empezaron a vestir esos montones de madera con ropa vieja y a darles forma de personajes conocidos, a menudo con intención burlona. Los historiadores discuten hasta qué punto esta versión es exacta, pero lo cierto es que la sátira sigue siendo un elemento central de la fiesta.

Cada falla es, en realidad, una escultura colectiva compuesta por muchas figuras, llamadas «ninots», que representan a políticos, deportistas, famosos o simplemente escenas de la vida cotidiana. Junto a ellas aparecen carteles con versos, normalmente en valenciano, que comentan con humor los temas del año. De la organización se encargan las comisiones falleras, asociaciones de barrio que recaudan dinero durante meses.

Las Fallas, sin embargo, no consisten solo en monumentos. Del 1 al 19 de marzo, a las dos de la tarde, la plaza del Ayuntamiento se llena de gente para escuchar la «mascletà», un espectáculo pirotécnico en el que lo importante no es la luz, sino el ruido y el ritmo. Otro momento clave es la ofrenda de flores a la Virgen de los Desamparados, en la que miles de falleros vestidos con trajes tradicionales desfilan durante dos días.

La fiesta también tiene sus críticos: hay vecinos que se quejan del ruido, de las calles cortadas o de la enorme cantidad de residuos, y no faltan quienes aprovechan esas semanas para marcharse. Aun así, para muchos valencianos un marzo sin Fallas resulta impensable. En 2016, la UNESCO las incluyó en su lista del Patrimonio Cultural Inmaterial de la Humanidad.

¿Y qué pasa con los ninots? Cada año, el público elige por votación uno que se salva del fuego: el «ninot indultat», que pasa al Museo Fallero. Los demás se convierten en ceniza durante la «cremà». Al día siguiente, la ciudad ya empieza a pensar en el próximo marzo.`,
  },

  // --------------------------------------------------------------- Russian
  {
    id: '7735df15-10fc-4704-9e13-01dfe1e39dcf',
    languageCode: 'ru',
    name: 'Кот Мурзик',
    category: 'Children',
    level: 'A1',
    content: `Это Маша. Ей шесть лет. У Маши есть кот. Его зовут Мурзик. Мурзик большой и рыжий. Он очень любит спать.

Утром Маша идёт в детский сад. Мурзик спит на диване. Днём мама работает, а Мурзик спит на окне. Вечером Маша приходит домой. А Мурзик? Он опять спит!

«Мама, почему Мурзик всё время спит?» — спрашивает Маша.

«Кошки спят почти 15 часов в день», — говорит мама.

«15 часов? Я тоже хочу быть котом!»

Мама смеётся. Ночью Маша спит в своей кровати. А Мурзик не спит. Он ходит по квартире, играет с мячиком и ест. Утром он снова ложится на диван. Спокойной ночи, Мурзик!`,
  },
  {
    id: '483c3d11-9215-4bd6-aa6b-8c18af7108ea',
    languageCode: 'ru',
    name: 'Выходные на даче',
    category: 'Other',
    level: 'A2',
    content: `В пятницу вечером семья Сафиных едет на дачу. Дача находится в деревне недалеко от Казани, в сорока километрах от города. Папа ведёт машину, мама слушает радио, а Тимур и его младшая сестра Алсу смотрят в окно.

Дом на даче маленький и старый, но очень уютный. Летом там живёт бабушка. Рядом с домом есть большой сад: там растут яблони, малина и смородина. А ещё у бабушки есть огород с огурцами, помидорами и картошкой.

В субботу утром все работают. Папа чинит забор, мама и бабушка собирают малину, а дети поливают огород. Работы много, и Тимур немного ворчит: «Почему мы всегда работаем в выходные?» Бабушка смеётся: «Зато зимой у тебя будет варенье!»

После обеда становится жарко, и вся семья идёт на речку. Вода тёплая, и дети купаются почти два часа. Вечером папа готовит шашлык, а бабушка ставит самовар. Все долго сидят на веранде, пьют чай с вареньем и чак-чаком и разговаривают.

В воскресенье никто не хочет уезжать. Но в понедельник у папы работа, а у мамы — важная встреча. Тимур грустно смотрит на сад.

«Ничего, — говорит Алсу, — через неделю мы опять приедем».`,
  },
  {
    id: 'bc5cdb64-e14c-4891-9b36-000b329f88f7',
    languageCode: 'ru',
    name: 'Транссиб: дорога через всю страну',
    category: 'History & Culture',
    level: 'B1',
    content: `Если посмотреть на карту России, можно увидеть длинную линию, которая идёт от Москвы до Тихого океана. Это Транссибирская магистраль, или просто Транссиб, — самая длинная железная дорога в мире. Её длина — больше 9000 километров.

В конце XIX века Сибирь была огромной, но почти недоступной территорией. Дорога от Москвы до Владивостока занимала несколько месяцев: люди ехали на лошадях, плыли по рекам, а зимой передвигались на санях. Поэтому правительство решило построить железную дорогу. Строительство началось в 1891 году, причём сразу с двух сторон — с запада и с востока.

Работать было очень тяжело. Рабочие строили мосты через широкие реки, прокладывали пути через тайгу и болота, а зимой мороз иногда доходил до сорока градусов. Техники было мало, поэтому многое делали вручную: лопатами, топорами и тачками. Сложнее всего оказался участок вокруг Байкала. Пока его строили, вагоны переправляли через озеро на пароме-ледоколе, а однажды зимой рельсы положили прямо на лёд.

Уже в начале XX века по Транссибу можно было доехать от Москвы до Тихого океана. Дорога изменила жизнь Сибири: вдоль неё появлялись новые города и посёлки, сюда переезжали миллионы крестьян, а из Сибири на запад везли зерно, лес и уголь. Например, Новосибирск вырос из небольшого посёлка строителей рядом с железнодорожным мостом через Обь.

Сегодня Транссиб по-прежнему очень важен: по нему перевозят огромное количество грузов. Но для многих путешественников это прежде всего приключение. Поезд «Россия» идёт из Москвы во Владивосток почти неделю. За это время пассажиры пересекают несколько часовых поясов, знакомятся с соседями по купе, пьют чай из стаканов в подстаканниках и смотрят, как за окном меняются пейзажи.

«В поезде время идёт по-другому», — говорят те, кто проехал весь путь. Может быть, поэтому многие мечтают когда-нибудь повторить эту поездку.`,
  },
  {
    id: '35d797f2-38db-4e38-8214-5b1e83be9bd1',
    languageCode: 'ru',
    name: 'Байкал: природная лаборатория',
    category: 'Science & Technology',
    level: 'B2',
    content: `Байкал называют по-разному: «священным морем», «жемчужиной Сибири», «колодцем планеты». За этими красивыми словами стоят вполне конкретные цифры. Это самое глубокое озеро на Земле — его максимальная глубина составляет 1642 метра. Кроме того, Байкал, по оценкам учёных, существует уже 25–30 миллионов лет, тогда как большинство озёр на планете гораздо моложе. В нём содержится около 20 процентов всей жидкой пресной воды, находящейся на поверхности Земли. В озеро впадает больше трёхсот рек, а вытекает только одна — Ангара.

Именно благодаря своему возрасту и изоляции Байкал стал настоящей природной лабораторией. Здесь обитают тысячи видов животных и растений, и значительная их часть не встречается больше нигде в мире. Самый известный пример — байкальская нерпа, единственный вид тюленей, который живёт исключительно в пресной воде. Как её предки попали в озеро, находящееся в тысячах километров от океана, до сих пор точно не известно. Не менее удивительна голомянка — полупрозрачная рыба, которая не мечет икру, а рождает живых мальков.

Однако главную работу выполняет существо, которое трудно разглядеть без микроскопа. Это эпишура — рачок длиной около полутора миллиметров. Миллиарды таких рачков постоянно фильтруют воду, поедая водоросли и бактерии. Во многом именно им Байкал обязан своей знаменитой прозрачностью: весной камни на дне иногда видны на глубине до 40 метров.

Байкал интересен не только биологам. Глубокая, чистая и тёмная вода оказалась идеальной средой для физиков. В толще воды, на глубине около километра, работает нейтринный телескоп Baikal-GVD — один из крупнейших в мире. Нейтрино — крошечные частицы, которые почти не взаимодействуют с веществом и легко пролетают даже сквозь всю планету. Увидеть их напрямую невозможно, но изредка нейтрино сталкивается с веществом, и тогда в воде возникает слабое голубое свечение. Именно его и регистрируют тысячи чувствительных датчиков телескопа. Собирают установку зимой, прямо со льда: учёные прорубают лунки и опускают оборудование в воду на длинных тросах.

Вместе с тем озеро уязвимо. В последние годы у берегов, особенно рядом с посёлками, всё чаще разрастаются нитчатые водоросли, а в некоторых местах гибнут эндемичные байкальские губки. Многие исследователи связывают эти изменения с недостаточной очисткой сточных вод и ростом туризма, хотя единого мнения о причинах пока нет. Закрытие Байкальского целлюлозно-бумажного комбината в 2013 году стало важным шагом, но всех проблем, разумеется, не решило.

В 1996 году Байкал был включён в список Всемирного наследия ЮНЕСКО. Однако статус сам по себе озеро не защитит: для этого нужны регулярные наблюдения, современные очистные сооружения и бережное отношение каждого, кто приезжает на его берега.`,
  },
];
